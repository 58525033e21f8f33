/**
 * The reference's introduction (`info.description`): what holds for every operation — authentication,
 * the envelope, safe retries, rate limits, test mode and the callbacks. Markdown, one `##` section per
 * topic, which /docs lists in its table of contents.
 */
import { apiRateLimit, MAX_BODY_BYTES } from "../../config";
import { contentTypesText } from "../content-types";
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from "../idempotency";
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER } from "../rate-limit";
import { WEBHOOK_VERIFICATION } from "./webhook-verification";

const rateLimitSection = (setting = apiRateLimit()) => `## Rate limits

Rate limits are off unless the operator configures them (\`API_RATE_LIMIT\`). ${
  setting
    ? `This server allows each API key ${setting.limit} requests per fixed window of ${setting.windowSeconds} seconds, counted on every server.`
    : "This server sets none: no request is refused for its rate, and the headers below are absent."
}

With a limit, every answer to a request with a valid key carries \`${RATE_LIMIT_POLICY_HEADER}\` (the quota \`q\` per window of \`w\` seconds) and \`${RATE_LIMIT_HEADER}\` (\`r\` requests remaining, \`t\` seconds until the window ends), as the IETF httpapi ratelimit-headers draft defines them. Beyond the quota the answer is a **429** with \`Retry-After\` (seconds until the window ends): wait that long, then retry with the same \`${IDEMPOTENCY_KEY_HEADER}\`.`;

const SANDBOX = `## Test mode

An API key that starts with \`dcp_test_\` belongs to the provider's sandbox: its channels, subscriptions and deliveries are kept apart from live data, and a live key never sees them (nor a test key the live ones). The portal switches between live and test data: create a test key on the portal's API keys page with Test mode switched on (the switch in the header).

- A test-mode channel request is decided automatically after \`SANDBOX_DECISION_DELAY_SECONDS\` (default 5): approved, or rejected when the channel's name contains the word \`REJECT\` (any case). The \`DELIVERY_CHANNEL_STATUS_UPDATED\` callback follows as in live mode.
- \`POST /api/Sandbox/DeliveryRequest\` with \`{"providerDeliveryChannelId": "…", "deliveries": 3}\` sends a \`DELIVERY_REQUEST_SENT\` callback with that many deliveries through one of your test channels.
- \`POST /api/Sandbox/RefundRequest\` with \`{"deliveryId": "…"}\` sends \`DELIVERY_REFUND_REQUESTED\` for a delivery of a sandbox delivery request.
- The Sandbox operations take test keys only: a live key gets a **403**.`;

const WEBHOOKS = `## Webhooks

Subscribe a callback URL per event type with \`Event/Subscribe\`; each event is then POSTed to it as flat JSON (no envelope), described under Callbacks below.

- **Headers.** \`Content-Type: application/json\`, \`User-Agent: DeliveryChannelPortal-Webhooks/1.0\`, \`webhook-id\` (the event's id, the same on every attempt: ignore an id you have already processed) and \`webhook-timestamp\` (Unix seconds of the attempt), plus the subscription's \`auth\`: its own header (\`header\`), \`Authorization: Basic …\` (\`basic\`) or the signatures (\`hmac\`).
- **Signatures** (\`hmac\`). \`x-signature\` is \`sha256=\` and the lower-case hex HMAC-SHA256 of the raw body bytes, keyed with the secret's UTF-8 bytes. \`webhook-signature\` is the Standard Webhooks signature: \`v1,\` and the base64 HMAC-SHA256 of \`webhook-id.webhook-timestamp.body\`, same key. Verify either, over the raw bytes you received, before parsing them.
- **Secret rotation.** While a rotated secret's grace period lasts, \`webhook-signature\` carries both signatures, space-separated, \`v1,<new> v1,<old>\`: accept the callback when any one matches a secret you hold. \`x-signature\` carries only the new secret's signature.
- **Retries.** Answer 2xx within 15 seconds. Anything else is retried on the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h); \`Retry-After\` on a 429 or 503 is honoured, and \`410 Gone\` disables the subscription.

${WEBHOOK_VERIFICATION}`;

/** The document's introduction; the rate-limit section states this server's setting. */
export const apiDescription =
  () => `The API through which payout and assistance providers register and maintain their delivery channels. Every operation below shows a request in curl, TypeScript (fetch) and Python (requests): set \`DCP_URL\` to this server's address and \`DCP_API_KEY\` to your key, then run it as it is.

## Authentication

Every operation needs the provider's API key in the \`x-api-key\` header. A provider's members create keys in the portal (API keys); a platform administrator can issue one too. A key is shown once, when it is made.

The operations tagged *Platform API* (under \`/api/platform/v1\`) are not for providers: they are the admin console's, for platform users, with a platform token in \`Authorization: Bearer dcp_pat_…\` (set \`DCP_TOKEN\` for their samples). A token acts with its user's current roles; the same envelope and errors apply, with **403** when the role does not allow the operation.

## Envelope

Every response is JSON \`{ "error", "data", "status" }\`: on success \`error\` is null and \`status\` is \`success\`; on failure \`data\` is null, \`status\` is \`failed\` and \`error\` holds \`guid\`, \`code\` (the HTTP status), \`type\`, \`title\` and \`message\`.

POST bodies are JSON, accepted under ${contentTypesText((type) => `\`${type}\``, "and")}, at most ${MAX_BODY_BYTES} bytes. Unknown properties are refused at every level (400), and so is text holding a NUL character or a lone UTF-16 surrogate, which nothing can store.

## Requests, not changes

Create and Update record a request that a platform administrator reviews; the success response says that a request was created. A newer Update supersedes every earlier create, update or update-status request of the channel that is still pending. Once a channel is approved, its name and short description are machine-translated into other languages.

A channel is \`REQUESTED\`, \`OFFLINE\` or \`ONLINE\`. Create always starts it \`REQUESTED\`; Update may set \`OFFLINE\` or \`ONLINE\`, which takes effect at once.

## Idempotency

The operations that change something accept an \`${IDEMPOTENCY_KEY_HEADER}\` header: a UUID of your choice per intended change, sent again with each retry of it.

- Retrying with the same key and body answers the first request's status and body again, with \`${REPLAYED_HEADER}: true\`, and changes nothing more.
- The same key with another body or for another operation is a **422**; a retry while the first request is still running is a **409** with \`Retry-After\`.
- Keys are kept 24 hours per API key. Answers of 500 are not kept: retry them with the same key. A retry after the server died between its commit and its answer gets the original success.
- Retry, backing off exponentially, when no answer came and on a 5xx; on a 429, a 503 \`ServerBusy\` or a 409 \`RequestInProgress\` after \`Retry-After\`. Any other 4xx is final: fix the request.

${rateLimitSection()}

${SANDBOX}

${WEBHOOKS}`;
