/** Delivery requests: a program's sends, sending one, a send's page, and refunds of a delivery. */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { programDeliveryRequests, programOfDeliveryRequest } from "@/lib/domain/programs";
import {
  anyObjectSchema,
  pagedListSchema,
  refundStateSchema,
  sentDeliveryRequestSchema,
} from "../../../contract/platform/platform-answers";
import {
  NEW_DELIVERY_REQUEST_BODY_LIMITS,
  newDeliveryRequestBodySchema,
  pageOnlySchema,
  pageWithValuesSchema,
  refundBodySchema,
  SEND_DELIVERIES_LIST,
} from "../../../contract/platform/platform-inputs";
import { checkSend, sendDeliveryRequest } from "../../../domain/deliveries";
import { notFound } from "../../../domain/errors";
import { requestRefund } from "../../../domain/payments";
import { deliveryRequestDetail, requireLiveProgram } from "../../../domain/programs";
import { validationError } from "../../api-errors";
import { CURSOR_PAGING, emptyPage, platformOperation } from "./define-platform-operation";
import { programId } from "./platform-programs";

const EXAMPLE_SEND = {
  channelId: "0193a1c2-7e1f-7000-8000-000000000002",
  description: "November, first round",
  deliveries: [
    { beneficiaryId: "BEN-0001", amount: 120.5, options: {} },
    { beneficiaryId: "BEN-0002", amount: 80, options: {} },
  ],
};

export const listDeliveryRequests = platformOperation({
  operationId: "platformListDeliveryRequests",
  method: "GET",
  permission: "console.read",
  path: "/programs/{programId}/delivery-requests",
  summary: "List a program's delivery requests",
  description: `The program's delivery requests, newest first, 50 a page (${CURSOR_PAGING}), with their totals (minor units as text).`,
  params: z.object({ programId }),
  query: pageOnlySchema,
  response: pagedListSchema,
  run: ({ actor, params, filters }) => programDeliveryRequests(actor, params.programId ?? "", filters),
  example: { ...emptyPage(50), items: [] },
});

export const sendDeliveryRequestOperation = platformOperation({
  operationId: "platformSendDeliveryRequest",
  method: "POST",
  permission: "deliveries.send",
  path: "/programs/{programId}/delivery-requests",
  summary: "Send a delivery request",
  description: `Sends deliveries (JSON rows: beneficiary id, amount in the program's unit, the channel's delivery options) to an approved, ONLINE channel serving the program, reserving the total against every budget that applies. Any bad row sends nothing and the 400 names each row's problems. An identical batch to the same channel within 24 h is a **409** unless \`confirmDuplicate\` is true. With an Idempotency-Key a retry answers the first send (\`replayed\`). Needs the program manager role.`,
  params: z.object({ programId }),
  body: newDeliveryRequestBodySchema,
  bodyLimits: NEW_DELIVERY_REQUEST_BODY_LIMITS,
  bodyList: SEND_DELIVERIES_LIST,
  response: sentDeliveryRequestSchema,
  run: async ({ actor, params, body, idempotencyKey, tokenId }) => {
    await requireLiveProgram(params.programId ?? "");
    // The list is read a batch at a time, never whole (bodyList).
    const problems = await checkSend(body.channelId, body.deliveries);
    if (problems.length)
      throw validationError(
        problems.map(({ index, field, message }) => `deliveries[${index}].${field}: ${message}`),
      );
    return sendDeliveryRequest(actor, {
      ...body,
      programId: params.programId ?? "",
      // The form's key is per fill; the API's is the caller's header, scoped by token.
      idempotencyKey: idempotencyKey ? `api:${tokenId}:${idempotencyKey}` : randomUUID(),
    });
  },
  requestExample: EXAMPLE_SEND,
  example: {
    deliveryRequestId: "0193a1c2-7e1f-7000-8000-000000000020",
    totalMinor: "20050",
    unit: "EUR",
    approvalState: "SENT",
    approvalsRequired: 0,
    replayed: false,
  },
});

export const getDeliveryRequest = platformOperation({
  operationId: "platformGetDeliveryRequest",
  method: "GET",
  permission: "console.read",
  path: "/delivery-requests/{deliveryRequestId}",
  summary: "Get a delivery request",
  description: `A delivery request with one page (50; ${CURSOR_PAGING}) of its deliveries, in the order sent. Each delivery's \`beneficiaryId\` and option \`values\` come masked unless you give a \`purpose\` and your role may see them (not reviewers nor auditors); \`valuesShown\` says which (clear reads are recorded in the audit trail). An erased beneficiary's deliveries have \`values\` null. A rejected request's \`rejectionReason\` is null with \`rejectionReasonErased\` true once one of its beneficiaries was erased (it may name them).`,
  params: z.object({ deliveryRequestId: z.string() }),
  query: pageWithValuesSchema,
  response: anyObjectSchema,
  run: async ({ actor, params, filters }) => {
    const id = params.deliveryRequestId ?? "";
    const program = await programOfDeliveryRequest(actor, id);
    const detail = await deliveryRequestDetail(actor, program, id, filters);
    if (!detail) throw notFound("No such delivery request.");
    const { approvedContent: _content, ...channel } = detail.request.channel;
    return { ...detail, request: { ...detail.request, channel } };
  },
  example: {
    request: { id: "0193a1c2-7e1f-7000-8000-000000000020" },
    deliveries: [],
    ...emptyPage(50),
  },
});

export const refundDelivery = platformOperation({
  operationId: "platformRefundDelivery",
  method: "POST",
  permission: "refunds.request",
  path: "/deliveries/{deliveryId}/refund",
  summary: "Request a delivery's refund",
  description:
    "Asks the provider to reverse one delivery (DELIVERY_REFUND_REQUESTED); the reason stays on the platform. Above the program's refund threshold the refund waits for finance approvals first (`state` PENDING_APPROVAL; its id is in `GET approvals`), else it is REQUESTED at once. A second request is a **409**. Needs the program manager role.",
  params: z.object({ deliveryId: z.string() }),
  body: refundBodySchema,
  response: refundStateSchema,
  run: async ({ actor, params, body }) => ({
    state: await requestRefund(actor, params.deliveryId ?? "", body.reason),
  }),
  requestExample: { reason: "Paid twice by mistake" },
  example: { state: "REQUESTED" },
});
