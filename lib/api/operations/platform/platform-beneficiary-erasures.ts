/**
 * Erasing a beneficiary (issue 36), as the console's data-protection page: one administrator asks,
 * another approves or rejects. The rules (four eyes, one pending erasure per beneficiary, what an
 * erasure destroys) are lib/domain/beneficiary-data/erase-beneficiary.ts.
 */
import { z } from "zod";
import { erasureRequestSchema } from "../../../contract/forms/beneficiary-data-forms";
import { anyObjectSchema } from "../../../contract/platform/platform-answers";
import { decideErasure, erasureRequests, requestErasure } from "../../../domain/erasures";
import { platformOperation } from "./define-platform-operation";

const erasureRequestId = z
  .string()
  .meta({ description: "The erasure request's id (from POST or GET beneficiary-erasures)." });
const FOUR_EYES =
  "Needs the administrator role; the administrator who asked may not decide (403). Deciding an erasure that no longer awaits a decision is a **409**.";

export const listErasuresOperation = platformOperation({
  operationId: "platformListBeneficiaryErasures",
  method: "GET",
  permission: "beneficiaries.erase",
  path: "/beneficiary-erasures",
  summary: "List beneficiary erasures",
  description: `Erasures awaiting a decision (oldest first, with the beneficiary id the approver must check) and the latest 50 decided (newest first, the beneficiary id replaced by its tombstone). ${FOUR_EYES}`,
  response: anyObjectSchema,
  run: ({ actor }) => erasureRequests(actor),
  example: { pending: [], decided: [] },
});

export const requestErasureOperation = platformOperation({
  operationId: "platformRequestBeneficiaryErasure",
  method: "POST",
  permission: "beneficiaries.erase",
  path: "/beneficiary-erasures",
  summary: "Ask for a beneficiary's erasure",
  description:
    "Asks for the erasure of everything held about one beneficiary across all programs; another administrator decides. A beneficiary nothing is held about is a **404**; one whose erasure already waits a **409**. Needs the administrator role.",
  body: erasureRequestSchema,
  response: anyObjectSchema,
  run: ({ actor, body }) => requestErasure(actor, body),
  requestExample: { beneficiaryId: "BEN-0001", reference: "DSR-2026-0114" },
  example: { erasureRequestId: "0193a1c2-7e1f-7000-8000-000000000040", ref: "q3Vh…" },
});

export const approveErasureOperation = platformOperation({
  operationId: "platformApproveBeneficiaryErasure",
  method: "POST",
  permission: "beneficiaries.erase",
  path: "/beneficiary-erasures/{erasureRequestId}/approve",
  summary: "Approve (carry out) a beneficiary's erasure",
  description: `Destroys the beneficiary's data key, so every value sealed with it becomes unreadable at once, and replaces its id in the deliveries by a tombstone; amounts, dates and statuses stay. ${FOUR_EYES} It takes no body.`,
  params: z.object({ erasureRequestId }),
  response: anyObjectSchema,
  run: ({ actor, params }) =>
    decideErasure(actor, { erasureRequestId: params.erasureRequestId ?? "", decision: "approve" }),
  example: { state: "ERASED", deliveriesErased: 3 },
});

export const rejectErasureOperation = platformOperation({
  operationId: "platformRejectBeneficiaryErasure",
  method: "POST",
  permission: "beneficiaries.erase",
  path: "/beneficiary-erasures/{erasureRequestId}/reject",
  summary: "Reject a beneficiary's erasure",
  description: `Rejects an erasure awaiting a decision: nothing is erased. ${FOUR_EYES} It takes no body.`,
  params: z.object({ erasureRequestId }),
  response: anyObjectSchema,
  run: ({ actor, params }) =>
    decideErasure(actor, { erasureRequestId: params.erasureRequestId ?? "", decision: "reject" }),
  example: { state: "REJECTED", deliveriesErased: 0 },
});
