/**
 * Settling a statement's break (issue 32, item 5): the adjustment a finance approver proposes, and
 * the decisions on it, as the console's forms send them (lib/domain/reconciliation/break-adjustments.ts).
 */
import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";

/**
 * WRITE_OFF: stop chasing the difference (a delivery still pending is counted not delivered, its
 * amount back in the budgets; otherwise our records stand). ACCEPT_PROVIDER_AMOUNT: a pending
 * delivery counts delivered at the file's amount, the rest back in the budgets.
 */
export const ADJUSTMENT_KINDS = ["WRITE_OFF", "ACCEPT_PROVIDER_AMOUNT"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

const reason = (empty: "enterReasonForAdjustment" | "enterReasonForRejection") =>
  z
    .string({ error: say(empty) })
    .trim()
    .min(1, say(empty))
    .max(500, say("mustBeAtMostCharacters", { max: 500 }));

export const proposeAdjustmentSchema = z.strictObject({
  breakId: recordId,
  kind: z.enum(ADJUSTMENT_KINDS, { error: say("unknownKindOfAdjustment") }),
  reason: reason("enterReasonForAdjustment"),
});
export type ProposeAdjustmentInput = z.infer<typeof proposeAdjustmentSchema>;

export const approveAdjustmentSchema = z.strictObject({ adjustmentId: recordId });

export const rejectAdjustmentSchema = z.strictObject({
  adjustmentId: recordId,
  reason: reason("enterReasonForRejection"),
});
