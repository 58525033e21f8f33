/**
 * The sandbox's test helpers (docs/sandbox.md "Test mode (sandbox)"): with a test-mode key (dcp_test_) a
 * provider has the platform side send a delivery request or request a refund. A live key gets 403.
 */
import { isoSeconds } from "../../contract/envelope-schema";
import {
  SANDBOX_MAX_DELIVERIES,
  sandboxDeliveryRequestReceiptSchema,
  sandboxDeliveryRequestSchema,
  sandboxRefundReceiptSchema,
  sandboxRefundRequestSchema,
} from "../../contract/sandbox-helpers";
import { conflict, forbidden, notFound } from "../../domain/errors";
import {
  LIVE_KEY_REFUSAL,
  requestSandboxRefund,
  SANDBOX_HELPERS,
  sendSandboxDeliveryRequest,
} from "../../domain/sandbox";
import { failureResponse, tooManyGeneratedEvents } from "../openapi/document-responses";
import {
  EXAMPLE_DATE,
  EXAMPLE_DELIVERY_ID,
  EXAMPLE_DELIVERY_REQUEST_ID,
  EXAMPLE_ID,
} from "../openapi/examples";
import { defineOperation } from "../operation";

const TAG = "Sandbox";
const liveKeyResponse = () =>
  failureResponse("The API key is live: the sandbox operations take only test-mode keys.", {
    liveKey: { summary: "A live key", error: forbidden(LIVE_KEY_REFUSAL) },
  });

export const sandboxDeliveryRequest = defineOperation({
  operationId: "sandboxDeliveryRequest",
  method: "POST",
  path: "/api/Sandbox/DeliveryRequest",
  tag: TAG,
  summary: "Send a test delivery request (test mode)",
  description: `Test mode only. Sends a DELIVERY_REQUEST_SENT for \`deliveries\` test deliveries (default 3, at most ${SANDBOX_MAX_DELIVERIES}) of 10 units each to one of your approved, ONLINE test channels, as the platform would, from a sandbox program with a large budget. Required delivery options without a default get made-up values that pass their bounds and regex. Your DELIVERY_REQUEST_SENT subscription receives the event; report outcomes with Delivery/Sync as usual.`,
  body: sandboxDeliveryRequestSchema,
  response: sandboxDeliveryRequestReceiptSchema,
  permission: SANDBOX_HELPERS,
  run: async ({ actor, body }) => {
    const sent = await sendSandboxDeliveryRequest(actor, body.providerDeliveryChannelId, body.deliveries);
    return { message: "Test delivery request sent", date: isoSeconds(new Date()), ...sent };
  },
  docs: () => ({
    request: {
      description: "The test channel and how many deliveries to send.",
      example: { providerDeliveryChannelId: EXAMPLE_ID, deliveries: 1 },
    },
    responseId: "SandboxDeliveryRequestResponse",
    ok: {
      description: "Sent: the event is on its way to your subscription.",
      examples: {
        sent: {
          summary: "Sent",
          value: {
            message: "Test delivery request sent",
            date: EXAMPLE_DATE,
            deliveryRequestId: EXAMPLE_DELIVERY_REQUEST_ID,
            deliveryIds: [EXAMPLE_DELIVERY_ID],
          },
        },
      },
    },
    invalidBody: { providerDeliveryChannelId: "", deliveries: 0 },
    responses: {
      403: liveKeyResponse(),
      429: tooManyGeneratedEvents(),
      404: failureResponse("No such test channel.", {
        unknown: {
          summary: "Unknown channel",
          error: notFound(`No delivery channel with providerDeliveryChannelId "${EXAMPLE_ID}".`),
        },
      }),
      409: failureResponse("A budget of the channel does not allow the request.", {
        budget: {
          summary: "Over the channel's budget",
          error: conflict(
            "The channel budget of Cash pickup does not allow this request: it needs 30.00 EUR and 20.00 EUR remain.",
          ),
        },
      }),
    },
  }),
});

export const sandboxRefundRequest = defineOperation({
  operationId: "sandboxRefundRequest",
  method: "POST",
  path: "/api/Sandbox/RefundRequest",
  tag: TAG,
  summary: "Request a test refund (test mode)",
  description:
    "Test mode only. Requests the refund of one delivery of a test delivery request, as a program manager would: your DELIVERY_REFUND_REQUESTED subscription receives the event. Answer it with DELIVERY_REVERTED in Delivery/Sync. A second refund of the same delivery is a conflict (409).",
  body: sandboxRefundRequestSchema,
  response: sandboxRefundReceiptSchema,
  permission: SANDBOX_HELPERS,
  run: async ({ actor, body }) => {
    await requestSandboxRefund(actor, body.deliveryId);
    return { message: "Test refund requested", date: isoSeconds(new Date()), deliveryId: body.deliveryId };
  },
  docs: () => ({
    request: { description: "The test delivery.", example: { deliveryId: EXAMPLE_DELIVERY_ID } },
    responseId: "SandboxRefundRequestResponse",
    ok: {
      description: "Requested: the event is on its way to your subscription.",
      examples: {
        requested: {
          summary: "Requested",
          value: { message: "Test refund requested", date: EXAMPLE_DATE, deliveryId: EXAMPLE_DELIVERY_ID },
        },
      },
    },
    invalidBody: { deliveryId: "" },
    responses: {
      403: liveKeyResponse(),
      429: tooManyGeneratedEvents(),
      404: failureResponse("No such test delivery.", {
        unknown: { summary: "Unknown delivery", error: notFound(`No delivery ${EXAMPLE_DELIVERY_ID}.`) },
      }),
      409: failureResponse("A refund of the delivery was already requested.", {
        again: {
          summary: "Requested before",
          error: conflict("A refund of this delivery was already requested."),
        },
      }),
    },
  }),
});
