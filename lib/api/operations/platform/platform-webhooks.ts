/** Eligibility queries, and the webhook event log with its replay. */
import { z } from "zod";
import { PAYLOAD_PREVIEW_CHARS } from "@/lib/domain/webhooks";
import {
  anyObjectSchema,
  doneSchema,
  eligibilityPageSchema,
  pagedListSchema,
} from "../../../contract/platform/platform-answers";
import {
  eligibilityBodySchema,
  valuesQuerySchema,
  webhookEventFilterSchema,
} from "../../../contract/platform/platform-inputs";
import { ELIGIBLE_PAGE_SIZE, eligibleChannels } from "../../../domain/channels";
import { notFound } from "../../../domain/errors";
import { deliveryLog, replayEvent, webhookEvent } from "../../../domain/webhooks";
import { CURSOR_PAGING, emptyPage, platformOperation } from "./define-platform-operation";

export const queryEligibility = platformOperation({
  operationId: "platformQueryEligibility",
  method: "POST",
  permission: "console.read",
  path: "/eligibility",
  summary: "Find eligible channels",
  description: `The approved, ONLINE channels whose availability allows the criteria (category, country, nationality, KYC document, currency), optionally among one program's channels: ${ELIGIBLE_PAGE_SIZE} a page, oldest first (\`after\` the answer's \`next\`, \`before\` its \`previous\`, in the body with the same criteria; no total, which would read every candidate). Changes nothing: any platform role may ask.`,
  body: eligibilityBodySchema,
  response: eligibilityPageSchema,
  // The permission (console.read) is checked before the body is read; the query changes nothing.
  run: ({ actor, body: { programId, after, before, ...criteria } }) =>
    eligibleChannels(actor, criteria, { programId, after, before }),
  requestExample: { category: "CASH", country: "UA", currency: "UAH" },
  example: {
    items: [
      { id: "0193a1c2-7e1f-7000-8000-000000000002", providerDeliveryChannelId: "cash-plus", content: {} },
    ],
    pageSize: ELIGIBLE_PAGE_SIZE,
    next: null,
    previous: null,
  },
});

export const listWebhookEvents = platformOperation({
  operationId: "platformListWebhookEvents",
  method: "GET",
  permission: "console.read",
  path: "/webhook-events",
  summary: "List webhook events",
  description: `Every live provider's webhook events, newest first, 20 a page (${CURSOR_PAGING}), with their delivery attempts and each payload's first ${PAYLOAD_PREVIEW_CHARS.toLocaleString("en-US")} characters (\`payloadPreview\`; the whole payload's size, \`payloadBytes\`, and whether the preview is shorter, \`payloadTruncated\`; \`GET /webhook-events/{eventId}\` answers the whole payload). Filters: \`eventType\`, \`outcome\` (PENDING, DELIVERED, FAILED, SKIPPED).`,
  query: webhookEventFilterSchema,
  response: pagedListSchema,
  run: async ({ actor, filters }) => {
    const { events, ...paging } = await deliveryLog(actor, filters);
    return { ...paging, items: events };
  },
  example: { ...emptyPage(20), items: [] },
});

export const getWebhookEvent = platformOperation({
  operationId: "platformGetWebhookEvent",
  method: "GET",
  permission: "console.read",
  path: "/webhook-events/{eventId}",
  summary: "Get a webhook event",
  description:
    "One live provider's webhook event with its whole `payload` (the list shows each payload's first characters) and its delivery attempts. Beneficiaries' values in a DELIVERY_REQUEST_SENT come masked unless you give a `purpose` and your role may see them (not reviewers nor auditors). An unknown id is a **404**.",
  params: z.object({ eventId: z.string() }),
  query: valuesQuerySchema,
  response: anyObjectSchema,
  run: async ({ actor, params, filters }) => {
    const event = await webhookEvent(actor, params.eventId ?? "", filters.purpose);
    if (!event) throw notFound("No such event.");
    return event;
  },
  example: { id: "0193a1c2-7e1f-7000-8000-000000000030", eventType: "DELIVERY_REQUEST_SENT", payload: "{…}" },
});

export const replayWebhookEvent = platformOperation({
  operationId: "platformReplayWebhookEvent",
  method: "POST",
  permission: "webhooks.replay",
  path: "/webhook-events/{eventId}/replay",
  summary: "Replay a webhook event",
  description:
    "Sends a finished event again (same payload and webhook-id) from the first attempt of the schedule. A pending event or an unknown id is a **404**. Needs the administrator role. It takes no body.",
  params: z.object({ eventId: z.string() }),
  response: doneSchema,
  run: async ({ actor, params }) => {
    await replayEvent(actor, params.eventId ?? "");
    return { done: true };
  },
  example: { done: true },
});
