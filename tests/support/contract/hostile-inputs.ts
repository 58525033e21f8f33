/**
 * Hostile requests for every API endpoint, as fast-check arbitraries, and the one rule every answer
 * must keep: below 500, in the contract's envelope. Shared by the bounded suite in `npm test`
 * (tests/api/contract/hostile-inputs.test.ts) and the open-ended `npm run fuzz -- --minutes N`.
 */
import fc from "fast-check";
import { OPERATIONS } from "../../../lib/api/operations";
import { fullChannelBody } from "../channels/channel-bodies";
import { type Json, parsePath, withValue } from "../http/json-path";

export interface HostileRequest {
  method: string;
  path: string;
  contentType: string;
  body?: Uint8Array | string;
  /** An Idempotency-Key header, when sent. */
  idempotencyKey?: string;
}

/** Every operation that takes a body, from the operations table: a new one is attacked too. */
const POST_PATHS = OPERATIONS.filter((operation) => operation.method === "POST").map(
  (operation) => operation.path,
);

/** Strings that have broken parsers, databases and pages before. */
const oddString = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff\ud800",
    "\uFEFF",
    "\u202e\u0645\u0631\u062d\u0628\u0627",
    "\u200b\u200d",
    "e\u0301\u0301\u0301",
    "👩🏽‍🌾",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "' OR 1=1 --",
    "%00",
    "../../etc/passwd",
    "\r\nx-injected: 1",
    "__proto__",
    "constructor",
    "",
    " ",
  ),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.string({ unit: "grapheme", maxLength: 64 }),
  fc.nat({ max: 200_000 }).map((length) => "x".repeat(length)),
);

/** Values of the wrong type, size or shape for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.constantFrom(null, true, 0, -1, 1e308, -0, 2 ** 53 + 1, {}, [], [null], { __proto__: { x: 1 } }),
  fc.double(),
  fc.array(oddString, { maxLength: 8 }),
  fc.nat({ max: 60_000 }).map((length) => Array(length).fill("BG")),
  fc.nat({ max: 60_000 }).map((length) => Array(length).fill(0)),
  // Deeper than any contract shape; not so deep that fast-check cannot print a counterexample.
  fc.integer({ min: 1, max: 400 }).map((depth) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`)),
  fc.jsonValue({ maxDepth: 4 }),
  fc.object({ maxDepth: 2, key: fc.constantFrom("__proto__", "constructor", "prototype", "toString", "a") }),
);

const FULL_BODY = fullChannelBody("fuzz-channel");

/** Every path in a JSON value: the places a hostile value can be put. */
function pathsOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = Array.isArray(value) ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key;
    return [path, ...pathsOf(item, path)];
  });
}
const BODY_PATHS = pathsOf(FULL_BODY);

/** A valid body with one field replaced (or removed, or joined by an unknown one). */
const mutatedChannel = fc
  .record({
    path: fc.constantFrom(...BODY_PATHS),
    value: fc.oneof(hostileValue, fc.constant(undefined)),
    extraKey: fc.option(fc.constantFrom("__proto__", "constructor", "isApproved", "x"), { nil: undefined }),
  })
  .map(({ path, value, extraKey }) => {
    const body: Json = withValue(FULL_BODY, path, value);
    if (parsePath(path).length === 1 && extraKey) body[extraKey] = value ?? 1;
    return JSON.stringify(body);
  });

/** Bodies of the other endpoints, right and wrong. */
const otherBody = fc.oneof(
  fc.record({ data: fc.oneof(fc.constantFrom("Country", "Kyc", "NULL"), oddString) }),
  fc.record({ eventType: fc.oneof(fc.constantFrom("DELIVERY_REQUEST_SENT", "NULL"), oddString) }),
  fc.record({
    eventType: fc.constantFrom("DELIVERY_CHANNEL_STATUS_UPDATED", "DELIVERY_REFUND_REQUESTED"),
    callbackUrl: fc.oneof(fc.webUrl(), oddString),
    auth: fc.oneof(
      fc.constant(null),
      hostileValue,
      fc.record({ type: fc.constant("hmac"), secret: oddString }),
    ),
  }),
  fc.record({ deliveryRequestId: oddString, status: fc.oneof(fc.constant("APPROVED"), oddString) }),
  fc.record({
    deliveryList: fc.oneof(
      hostileValue,
      fc.array(
        fc.record({ deliveryId: oddString, status: fc.constant("DELIVERED"), deliveryAmount: hostileValue }),
      ),
    ),
  }),
  // Reconciliation/Statement: days that exist, do not, or are not days at all.
  fc.record(
    {
      from: fc.oneof(
        fc.constantFrom("2026-11-01", "2026-02-30", "2026-13-01", "0000-00-00"),
        oddString,
        hostileValue,
      ),
      to: fc.oneof(fc.constantFrom("2026-11-30", "2026-10-31", "9999-12-31"), oddString, hostileValue),
    },
    { requiredKeys: [] },
  ),
  ...sandboxBodies(),
);

/** Sandbox/DeliveryRequest and Sandbox/RefundRequest (tests/api/sandbox/sandbox.test.ts sends them with a test key). */
export function sandboxBodies() {
  return [
    fc.record(
      {
        providerDeliveryChannelId: fc.oneof(fc.constant("fuzz-channel"), oddString),
        deliveries: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double(), hostileValue),
      },
      { requiredKeys: [] },
    ),
    fc.record({ deliveryId: fc.oneof(fc.uuid(), oddString, hostileValue) }, { requiredKeys: [] }),
  ];
}

/** JSON text that JSON.stringify never writes: duplicate keys, odd numbers, truncation. */
const oddJsonText = fc.oneof(
  fc.constant('{"providerDeliveryChannelId":"a","providerDeliveryChannelId":"b"}'),
  fc.constant('{"__proto__":{"polluted":true},"data":"Country"}'),
  fc.constant('{"data":"Country","data":"Kyc"}'),
  fc.constant("[1e999999]"),
  fc.constant('"\\ud800"'),
  fc.constant("\uFEFF{}"),
  fc.constant("null"),
  fc.string({ maxLength: 40 }),
  mutatedChannel.map((text) => text.slice(0, Math.max(1, text.length >> 1))),
);

/** Bytes that are not UTF-8, or UTF-8 with a declared charset that differs. */
const oddBytes = fc.oneof(
  fc.uint8Array({ maxLength: 256 }),
  mutatedChannel.map((text) => Buffer.from(text, "utf16le")),
  mutatedChannel.map((text) => Buffer.from(text, "latin1")),
);

const contentType = fc.oneof(
  fc.constantFrom(
    "application/json",
    "application/json-patch+json; charset=utf-8",
    "text/json",
    "application/vnd.x+json",
    "application/json; charset=utf-16",
    "application/json; charset=latin1",
    "text/plain",
    "multipart/form-data; boundary=x",
    "",
  ),
  // fetch refuses to send header values beyond printable ASCII here.
  fc
    .string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      maxLength: 40,
    })
    .map((value) => `application/json; charset=${value}`),
);

/**
 * Idempotency-Key values: a few keys reused across operations and bodies (replays, 422s, 409s), and
 * invalid ones. fetch refuses to send header values beyond printable ASCII here.
 */
const idempotencyKey = fc.option(
  fc.oneof(
    fc.constantFrom("k1", "k2", '"k1"', "", " ", '""', "a b", "x".repeat(256)),
    fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      maxLength: 300,
    }),
  ),
  { nil: undefined },
);

/** Any request a provider's code (or an attacker with a key) might send. */
export const hostileRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  fc.record({
    method: fc.constant("POST"),
    path: fc.constantFrom(...POST_PATHS),
    contentType: fc.constant("application/json"),
    body: fc.oneof(
      mutatedChannel,
      otherBody.map((body) => JSON.stringify(body)),
      oddJsonText,
    ),
    idempotencyKey,
  }),
  fc.record({
    method: fc.constantFrom("POST", "PUT", "DELETE", "PATCH"),
    path: fc.constantFrom(...POST_PATHS),
    contentType,
    body: fc.oneof(oddBytes, mutatedChannel),
  }),
  fc.record({
    method: fc.constantFrom("GET", "HEAD", "OPTIONS"),
    path: fc.oneof(
      oddString.map(
        (id) => `/api/DeliveryChannel/Get/${encodeURIComponent(id.slice(0, 300).toWellFormed())}`,
      ),
      fc.constantFrom(
        "/api/DeliveryChannel/Get/%00",
        "/api/DeliveryChannel/Get/%ED%A0%80",
        "/api/DeliveryChannel/Get/%",
      ),
      fc.constantFrom("/api/", "/api//x", "/api/DeliveryChannel/Get/a/b", "/api/health", "/api/openapi.json"),
    ),
    contentType: fc.constant(""),
  }),
);

/** What every answer of the API must be: not a server error, and the envelope. Returns the problem. */
export function envelopeProblem(request: HostileRequest, status: number, text: string): string | undefined {
  const where = `${request.method} ${request.path}`;
  if (status >= 500) return `${where} answered ${status}: ${text.slice(0, 300)}`;
  if (request.method === "HEAD" || request.path === "/api/openapi.json" || request.path === "/api/health")
    return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${where} answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const envelope = body as { error?: { code?: unknown; guid?: unknown }; data?: unknown; status?: unknown };
  const keys = Object.keys(envelope ?? {})
    .sort()
    .join(",");
  if (keys !== "data,error,status") return `${where} answered outside the envelope: ${text.slice(0, 200)}`;
  if (
    status >= 400 &&
    (envelope.status !== "failed" || envelope.error?.code !== status || !envelope.error?.guid)
  ) {
    return `${where} answered ${status} with a malformed error: ${text.slice(0, 200)}`;
  }
  return undefined;
}

/** Sends one hostile request; returns a problem, or undefined when the answer keeps the rule. */
export async function sendHostile(
  baseUrl: string,
  apiKey: string,
  request: HostileRequest,
): Promise<string | undefined> {
  const headers: Record<string, string> = { "x-api-key": apiKey };
  if (request.contentType) headers["content-type"] = request.contentType;
  if (request.idempotencyKey !== undefined) headers["idempotency-key"] = request.idempotencyKey;
  const hasBody = request.body !== undefined && !["GET", "HEAD"].includes(request.method);
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    body: hasBody ? (request.body as BodyInit) : undefined,
    redirect: "manual",
  });
  return envelopeProblem(request, response.status, await response.text());
}

/** pino's error and fatal lines (level 50, 60) in a server's output. */
export function errorLogLines(output: string): string[] {
  return output.split("\n").filter((line) => /"level":(50|60)\b/.test(line));
}
