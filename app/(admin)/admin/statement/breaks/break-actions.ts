"use server";
/** Settling a statement's break (issue 32, item 5): proposing an adjustment, and deciding it. */
import {
  approveAdjustmentSchema,
  proposeAdjustmentSchema,
  rejectAdjustmentSchema,
} from "@/lib/contract/reconciliation/break-adjustment-schema";
import { approveAdjustment, proposeAdjustment, rejectAdjustment } from "@/lib/domain/reconciliation";
import { defineAction } from "@/lib/portal/define-action";

const breakPage = ({ breakId }: { breakId: string }) => `/admin/statement/breaks/${breakId}`;
/** A decision names its adjustment, not the break: the break's page and the upload's render again. */
const STATEMENT = { path: "/admin/statement", type: "layout" } as const;

export const proposeAdjustmentAction = defineAction({
  role: "admin",
  permission: "reconciliation.settle",
  input: proposeAdjustmentSchema,
  run: (proposal, user) => proposeAdjustment(user.actor, proposal),
  revalidate: breakPage,
});

export const approveAdjustmentAction = defineAction({
  role: "admin",
  permission: "payments.approve",
  input: approveAdjustmentSchema,
  run: ({ adjustmentId }, user) => approveAdjustment(user.actor, adjustmentId),
  revalidate: STATEMENT,
});

export const rejectAdjustmentAction = defineAction({
  role: "admin",
  permission: "payments.approve",
  input: rejectAdjustmentSchema,
  run: ({ adjustmentId, reason }, user) => rejectAdjustment(user.actor, adjustmentId, reason),
  revalidate: STATEMENT,
});
