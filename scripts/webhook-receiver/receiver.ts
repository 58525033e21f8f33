/**
 * An example webhook receiver for providers, and the receiver the tests use. It verifies a callback
 * the two ways the portal signs it (docs/webhooks.md "Verifying callbacks"):
 *  - `x-signature: sha256=<hex>`: HMAC-SHA256 of the raw body with the secret, as the real platform;
 *  - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the
 *    `standardwebhooks` library, keyed with the secret's UTF-8 bytes; it also rejects stale timestamps.
 * It answers the platform's documented bodies: success, or a failure with a code. The headers and the
 * payload are checked against the published schemas (lib/contract/webhook-payloads.ts, also in the OpenAPI
 * document's `webhooks` section) and reported, not enforced: a receiver must not refuse an event
 * because of a field it does not know.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { callbackHeadersSchema, WEBHOOK_PAYLOAD_SCHEMAS } from "../../lib/contract/webhook-payloads";

export interface ReceivedCallback {
  webhookId: string | undefined;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Which checks passed; absent when no secret was configured. */
  verified?: { xSignature: boolean; standardWebhooks: boolean };
  /** Whether the headers are the documented ones. */
  headersValid: boolean;
  /** The event type whose payload schema the body satisfies; undefined when none does. */
  eventType: keyof typeof WEBHOOK_PAYLOAD_SCHEMAS | undefined;
  receivedAt: number;
}

export interface ReceiverOptions {
  port?: number;
  /** The hmac subscription's secret; when set, unverified callbacks get 401. */
  secret?: string;
  /** Called for each callback; its number, when it returns one, is the HTTP status to answer. */
  onCallback?: (callback: ReceivedCallback) => number | undefined | Promise<number | undefined>;
}

export function verifyXSignature(secret: string, rawBody: string, header: string | undefined): boolean {
  const expected = Buffer.from(
    `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`,
  );
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function verifyStandardWebhook(
  secret: string,
  rawBody: string,
  headers: IncomingHttpHeaders,
): boolean {
  try {
    new Webhook(new TextEncoder().encode(secret), { format: "raw" }).verify(rawBody, {
      "webhook-id": String(headers["webhook-id"] ?? ""),
      "webhook-timestamp": String(headers["webhook-timestamp"] ?? ""),
      "webhook-signature": String(headers["webhook-signature"] ?? ""),
    });
    return true;
  } catch {
    return false;
  }
}

/** The payloads are flat and disjoint, so the body tells which event it is. */
export function payloadEventType(rawBody: string): ReceivedCallback["eventType"] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  const types = Object.keys(WEBHOOK_PAYLOAD_SCHEMAS) as (keyof typeof WEBHOOK_PAYLOAD_SCHEMAS)[];
  return types.find((type) => WEBHOOK_PAYLOAD_SCHEMAS[type].safeParse(body).success);
}

const SUCCESS = { status: "success", message: "Callback successfully received", data: {} };
const failure = (code: number, message: string, type: string) => ({
  status: "failed",
  error: { code, message, type },
});

export async function startWebhookReceiver(options: ReceiverOptions = {}) {
  const received: ReceivedCallback[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const callback: ReceivedCallback = {
        webhookId: request.headers["webhook-id"] as string | undefined,
        headers: request.headers,
        rawBody,
        receivedAt: Date.now(),
        headersValid: callbackHeadersSchema.safeParse(request.headers).success,
        eventType: payloadEventType(rawBody),
        ...(options.secret && {
          verified: {
            xSignature: verifyXSignature(options.secret, rawBody, request.headers["x-signature"] as string),
            standardWebhooks: verifyStandardWebhook(options.secret, rawBody, request.headers),
          },
        }),
      };
      received.push(callback);
      const status =
        (await options.onCallback?.(callback)) ??
        (callback.verified && !(callback.verified.xSignature && callback.verified.standardWebhooks)
          ? 401
          : 200);
      const body =
        status < 300
          ? SUCCESS
          : failure(
              status,
              status === 401 ? "Signature mismatch" : "Not accepted",
              status === 401 ? "Unauthorized" : "Exception",
            );
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
