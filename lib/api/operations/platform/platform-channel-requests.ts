/** Channel requests: the console's list of them, its review page and its decision buttons. */
import { z } from "zod";
import {
  channelRequestDetailSchema,
  channelRequestListSchema,
  decisionSchema,
} from "../../../contract/platform/platform-answers";
import { channelRequestFilterSchema, rejectBodySchema } from "../../../contract/platform/platform-inputs";
import {
  type ChannelRequestDecision,
  channelRequestList,
  decideChannelRequest,
  diffContent,
  requestForReview,
} from "../../../domain/channels";
import { notFound } from "../../../domain/errors";
import type { Actor } from "../../../domain/permissions";
import { CURSOR_PAGING, emptyPage, platformOperation } from "./define-platform-operation";

const channelRequestId = z.string().meta({ description: "The channel request's id." });
const EXAMPLE_CHANGE = { path: "name.translation", kind: "changed", before: "Cash Plus", after: "Cash+" };
const EXAMPLE_REQUEST = {
  id: "0193a1c2-7e1f-7000-8000-000000000001",
  kind: "UPDATE",
  state: "PENDING",
  requestedAt: "2026-11-23T09:00:00.000Z",
  decidedAt: null,
  reason: null,
  name: "Cash+",
  channel: {
    id: "0193a1c2-7e1f-7000-8000-000000000002",
    providerDeliveryChannelId: "cash-plus",
    provider: { id: "0193a1c2-7e1f-7000-8000-000000000003", name: "Acme Payments" },
  },
  changes: [EXAMPLE_CHANGE],
};

export const listChannelRequests = platformOperation({
  operationId: "platformListChannelRequests",
  method: "GET",
  permission: "console.read",
  path: "/channel-requests",
  summary: "List channel requests",
  description: `Channel requests of live providers, 25 a page (${CURSOR_PAGING}), each with its content diff against the channel's approved content. Filters: \`state\` (PENDING, APPROVED, REJECTED, SUPERSEDED, WITHDRAWN by its provider), \`provider\` (a provider id), \`kind\` (CREATE, UPDATE, UPDATE_STATUS). Pending requests come oldest first. Any platform role may read.`,
  query: channelRequestFilterSchema,
  response: channelRequestListSchema,
  run: ({ actor, filters }) => {
    return channelRequestList(actor, { ...filters, providerId: filters.provider });
  },
  example: { ...emptyPage(25), total: 1, requests: [EXAMPLE_REQUEST] },
});

export const getChannelRequest = platformOperation({
  operationId: "platformGetChannelRequest",
  method: "GET",
  permission: "console.read",
  path: "/channel-requests/{channelRequestId}",
  summary: "Get a channel request",
  description:
    "One channel request as the console's review page shows it: the submitted content, the approved content, the diff between them and the channel with its request history.",
  params: z.object({ channelRequestId }),
  response: channelRequestDetailSchema,
  run: async ({ actor, params }) => {
    const request = await requestForReview(actor, params.channelRequestId ?? "");
    if (!request) throw notFound("No such channel request.");
    return { ...request, changes: diffContent(request.approved, request.submitted) };
  },
  example: {
    ...(({ name: _name, ...request }) => request)(EXAMPLE_REQUEST),
    previousStatus: null,
    submitted: {},
    approved: {},
    channel: {},
  },
});

/** The console's decision, with the token's actor (never on its user's own organisation). */
async function decide(actor: Actor, requestId: string, decision: ChannelRequestDecision) {
  const { state } = await decideChannelRequest(actor, requestId, decision);
  return { requestId, state };
}

export const approveChannelRequest = platformOperation({
  operationId: "platformApproveChannelRequest",
  method: "POST",
  permission: "channels.decide",
  path: "/channel-requests/{channelRequestId}/approve",
  summary: "Approve a channel request",
  description:
    "Approves a pending request: its whole content becomes the channel's approved content and the provider is notified (DELIVERY_CHANNEL_STATUS_UPDATED). Needs the reviewer role. A decided or superseded request is a **409**. It takes no body.",
  params: z.object({ channelRequestId }),
  response: decisionSchema,
  run: ({ actor, params }) => decide(actor, params.channelRequestId ?? "", { approve: true }),
  example: { requestId: EXAMPLE_REQUEST.id, state: "APPROVED" },
});

export const rejectChannelRequest = platformOperation({
  operationId: "platformRejectChannelRequest",
  method: "POST",
  permission: "channels.decide",
  path: "/channel-requests/{channelRequestId}/reject",
  summary: "Reject a channel request",
  description: "Rejects a pending request; the provider is told the reason. Needs the reviewer role.",
  params: z.object({ channelRequestId }),
  body: rejectBodySchema,
  response: decisionSchema,
  run: ({ actor, params, body }) =>
    decide(actor, params.channelRequestId ?? "", { approve: false, reason: body.reason }),
  requestExample: { reason: "The contact phone number does not answer." },
  example: { requestId: EXAMPLE_REQUEST.id, state: "REJECTED" },
});
