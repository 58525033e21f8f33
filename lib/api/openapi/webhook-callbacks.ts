/**
 * The document's `webhooks` section: the callbacks a subscribed provider receives, one per event type,
 * with the payload and header schemas of lib/contract/webhook-payloads.ts, so a provider can generate its
 * receiver from the same document as its client.
 */
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import {
  WEBHOOK_PAYLOAD_SCHEMAS,
  type WebhookPayloads,
  webhookHeadersSchema,
} from "../../contract/webhook-payloads";
import {
  EXAMPLE_BENEFICIARY_ERASED,
  EXAMPLE_OUTCOMES_OVERDUE,
  EXAMPLE_REFUND_REQUESTED,
  EXAMPLE_REQUEST_SENT,
  EXAMPLE_STATUS_UPDATED,
} from "./examples";
import type { ApiTag } from "./tags";

export const WEBHOOK_TAG: ApiTag = "Callbacks";

const DELIVERY = `A POST with \`Content-Type: application/json\` and \`User-Agent: DeliveryChannelPortal-Webhooks/1.0\`. With the subscription's \`auth\`: the configured header (\`header\`), \`Authorization: Basic base64(username:password)\` (\`basic\`), or \`x-signature\` and \`webhook-signature\` (\`hmac\`; verify either over the raw body bytes). Answer 2xx: anything else is retried on the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h), \`Retry-After\` on 429/503 honoured; \`410 Gone\` disables the subscription. \`webhook-id\` is the same on every attempt: use it to ignore an event you have already processed.`;

/** What the reference says of each event type besides its payload schema (the contract's). */
const CALLBACKS: {
  [K in keyof WebhookPayloads]: { summary: string; description: string; example: WebhookPayloads[K] };
} = {
  DELIVERY_CHANNEL_STATUS_UPDATED: {
    summary: "A channel request was decided",
    description:
      "Sent when a platform administrator approves or rejects a create, update or update-status request.",
    example: EXAMPLE_STATUS_UPDATED,
  },
  DELIVERY_REQUEST_SENT: {
    summary: "A delivery request was sent",
    description:
      "Sent when a program manager sends a delivery request through one of your channels. Report its status " +
      "with DeliveryRequest/Sync and each delivery's outcome with Delivery/Sync.",
    example: EXAMPLE_REQUEST_SENT,
  },
  DELIVERY_REFUND_REQUESTED: {
    summary: "A refund of a delivery was requested",
    description:
      "Sent when a refund is requested for one delivery; report DELIVERY_REVERTED once it is reversed.",
    example: EXAMPLE_REFUND_REQUESTED,
  },
  BENEFICIARY_ERASED: {
    summary: "A beneficiary was erased (ours, not the contract's)",
    description:
      "Sent when an administrator erases a beneficiary at their request: erase what you hold about the " +
      "listed deliveries' beneficiary. Not a contract event type: subscribe to it on the portal's Webhooks page.",
    example: EXAMPLE_BENEFICIARY_ERASED,
  },
  DELIVERY_OUTCOMES_OVERDUE: {
    summary: "Deliveries past the reconciliation window (ours, not the contract's)",
    description:
      "Sent once per delivery request whose deliveries are past the program's reconciliation window " +
      "without an outcome: report them through Delivery/Sync. Not a contract event type: subscribe to it on " +
      "the portal's Webhooks page.",
    example: EXAMPLE_OUTCOMES_OVERDUE,
  },
};

const acknowledged = {
  description: "Received. The body is recorded but not interpreted.",
  content: {
    "application/json": {
      example: { status: "success", message: "Callback successfully received", data: {} },
    },
  },
};

export function registerWebhooks(registry: OpenAPIRegistry): void {
  for (const [eventType, schema] of Object.entries(WEBHOOK_PAYLOAD_SCHEMAS)) {
    const callback = CALLBACKS[eventType as keyof WebhookPayloads];
    registry.registerWebhook({
      method: "post",
      path: eventType,
      operationId: eventType,
      tags: [WEBHOOK_TAG],
      summary: callback.summary,
      description: `${callback.description}\n\n${DELIVERY}`,
      security: [],
      request: {
        headers: webhookHeadersSchema,
        body: {
          description: `The ${eventType} payload: flat JSON, no envelope.`,
          required: true,
          content: { "application/json": { schema, example: callback.example } },
        },
      },
      responses: {
        200: acknowledged,
        default: { description: "Any other status is a failed attempt, retried later." },
      },
    });
  }
}
