/**
 * Traces (issue 34, item 4), over real processes: a local OTLP receiver (POST /v1/traces, http/json)
 * and a server whose OTEL_EXPORTER_OTLP_ENDPOINT points at it. One API call that queues an event
 * (a sandbox delivery request) and the webhook POST that delivers it are spans of ONE trace: the
 * POST's parent is the request's span, the webhook receiver gets a `traceparent` of that trace, and
 * the server's log lines carry its trace id. Without the variable nothing is exported, no log line
 * has a trace id and no event stores a trace context.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedCallback, startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { attributeOf, startOtlpReceiver, until } from "../../support/server/otlp-receiver";
import { ownServer } from "../../support/server/own-server";
import { ADMIN } from "../../support/users/actors";

const otlp = await startOtlpReceiver();
const BASE_SETTINGS = {
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  WEBHOOK_POLL_MS: "100",
  SANDBOX_DECISION_DELAY_SECONDS: "1",
  OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
  OTEL_BSP_SCHEDULE_DELAY: "100",
};
const traced = ownServer({
  ...BASE_SETTINGS,
  OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
  OTEL_SERVICE_NAME: "portal-traced",
});
// Everything the traced one has but the endpoint (its name tells its spans apart, were there any).
const untraced = ownServer({ ...BASE_SETTINGS, OTEL_SERVICE_NAME: "portal-untraced" });

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

async function call(baseUrl: string, path: string, key: string, body: unknown, headers = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is checked field by field
  return { status: response.status, json: (await response.json()) as any };
}

const callbackOf = (match: (payload: Record<string, unknown>) => boolean) =>
  until<ReceivedCallback>(() => receiver.received.find((received) => match(JSON.parse(received.rawBody))));

/** A sandbox key whose approved, ONLINE test channel `sbx-1` has its events sent to the receiver. */
async function sandboxWithChannel(baseUrl: string, databaseUrl: string): Promise<string> {
  const { disconnectDb } = await import("../../../lib/db");
  await disconnectDb();
  process.env.DATABASE_URL = databaseUrl;
  const { issueApiKey } = await import("../../../lib/domain/keys");
  const { createProvider } = await import("../../../lib/domain/providers");
  const { sandboxOf } = await import("../../../lib/domain/sandbox");
  const provider = await createProvider(ADMIN, `Traces ${randomUUID()}`);
  const key = (await issueApiKey(ADMIN, await sandboxOf(provider.id))).key;
  for (const eventType of ["DELIVERY_CHANNEL_STATUS_UPDATED", "DELIVERY_REQUEST_SENT"]) {
    const subscribed = await call(baseUrl, "/api/Event/Subscribe", key, {
      eventType,
      callbackUrl: `${receiver.url}/${eventType}`,
      auth: null,
    });
    expect(subscribed.json.status).toBe("success");
  }
  const created = await call(baseUrl, "/api/DeliveryChannel/Create", key, {
    ...minimalChannelBody("sbx-1"),
    availability: { categoriesSupported: ["CASH"], currenciesSupported: ["EUR"] },
  });
  expect(created.json.status).toBe("success");
  // The sandbox approves it a second later (a job): its event is another trace's.
  await callbackOf(
    (payload) =>
      payload.providerDeliveryChannelId === "sbx-1" && payload.status === "Approved" && "message" in payload,
  );
  await disconnectDb();
  return key;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await otlp.close();
  await (await import("../../../lib/db")).disconnectDb();
});

describe("traces", () => {
  it("one API call and the webhook POST of the event it queued are one trace, exported over OTLP http/json; the receiver gets its traceparent and the log lines its trace id", {
    timeout: 90_000,
  }, async () => {
    const server = traced.server();
    const key = await sandboxWithChannel(server.baseUrl, traced.databaseUrl());
    receiver.received.length = 0;
    const sent = await call(server.baseUrl, "/api/Sandbox/DeliveryRequest", key, {
      providerDeliveryChannelId: "sbx-1",
      deliveries: 1,
    });
    expect(sent.status).toBe(200);
    const { deliveryRequestId } = sent.json.data as { deliveryRequestId: string };
    const callback = await callbackOf((payload) => payload.deliveryRequestId === deliveryRequestId);

    const requestSpan = await until(() =>
      otlp.spans.find((span) => span.name === "POST /api/Sandbox/DeliveryRequest"),
    );
    expect(requestSpan.kind).toBe(2); // SERVER
    expect(requestSpan.service).toBe("portal-traced");
    const attribute = attributeOf;
    expect(attribute(requestSpan, "http.route")).toEqual({ stringValue: "/api/Sandbox/DeliveryRequest" });
    expect(attribute(requestSpan, "http.response.status_code")).toMatchObject({ intValue: 200 });
    const traceId = requestSpan.traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    // The webhook POST: a CLIENT span of the same trace, under the request's span (its parent is the
    // span active when the event was queued: Prisma's transaction span, itself under the request's).
    const postSpan = await until(() =>
      otlp.spans.find((span) => span.kind === 3 && span.traceId === traceId && span.name === "POST"),
    );
    const ancestry = await until(() => {
      const chain: string[] = [];
      for (let id = postSpan.parentSpanId; id && id !== requestSpan.spanId; ) {
        const parent = otlp.spans.find((span) => span.spanId === id);
        if (!parent) return undefined; // not exported yet
        chain.push(parent.name);
        id = parent.parentSpanId;
      }
      return chain;
    });
    expect(ancestry.every((name) => name.startsWith("prisma:"))).toBe(true);
    expect(attribute(postSpan, "webhook.event.type")).toEqual({ stringValue: "DELIVERY_REQUEST_SENT" });
    expect(attribute(postSpan, "http.response.status_code")).toMatchObject({ intValue: 200 });

    // Prisma's instrumentation: the request's database work is in the trace, under its span.
    const prismaSpans = await until(() => {
      const found = otlp.spans.filter((span) => span.traceId === traceId && span.name.startsWith("prisma:"));
      return found.length > 0 ? found : undefined;
    });
    expect(prismaSpans.some((span) => span.parentSpanId === requestSpan.spanId)).toBe(true);

    // The receiver can continue the trace: the traceparent names the POST span.
    expect(callback.headers.traceparent).toBe(`00-${traceId}-${postSpan.spanId}-01`);
    expect(otlp.requests.every((request) => request.contentType === "application/json")).toBe(true);

    // Every log line of the request carries its trace id (the request line at info).
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLine = lines.find(
      (line) => line.msg === "request" && line.path === "/api/Sandbox/DeliveryRequest",
    );
    expect(requestLine).toMatchObject({ trace_id: traceId, span_id: requestSpan.spanId });

    // The error envelope's log record carries it too.
    const refused = await call(server.baseUrl, "/api/Sandbox/DeliveryRequest", key, { deliveries: "many" });
    expect(refused.status).toBe(400);
    const errorSpan = await until(() =>
      otlp.spans.find(
        (span) =>
          span.name === "POST /api/Sandbox/DeliveryRequest" &&
          attribute(span, "http.response.status_code")?.intValue === 400,
      ),
    );
    const guid = refused.json.error.guid as string;
    const errorLine = await until(() =>
      server
        .output()
        .split("\n")
        .find((line) => line.includes(guid)),
    );
    expect(JSON.parse(errorLine)).toMatchObject({ guid, trace_id: errorSpan.traceId });
  });

  it("is off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing exported, no trace id in the logs, no trace context stored", {
    timeout: 90_000,
  }, async () => {
    const server = untraced.server();
    const key = await sandboxWithChannel(server.baseUrl, untraced.databaseUrl());
    // A caller's traceparent is not continued either.
    const callerTrace = "0af7651916cd43dd8448eb211c80319c";
    const sent = await call(
      server.baseUrl,
      "/api/Sandbox/DeliveryRequest",
      key,
      { providerDeliveryChannelId: "sbx-1", deliveries: 1 },
      { traceparent: `00-${callerTrace}-b7ad6b7169203331-01` },
    );
    expect(sent.status).toBe(200);
    const callback = await callbackOf(
      (payload) => payload.deliveryRequestId === sent.json.data.deliveryRequestId,
    );
    expect(callback.headers.traceparent).toBeUndefined();
    // Several export periods (OTEL_BSP_SCHEDULE_DELAY) later: no span of this server reached the receiver.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(otlp.spans.some((span) => span.service === "portal-untraced")).toBe(false);
    expect(otlp.spans.some((span) => span.traceId === callerTrace)).toBe(false);
    expect(server.output()).toContain('"msg":"request"');
    expect(server.output()).not.toContain("trace_id");

    process.env.DATABASE_URL = untraced.databaseUrl();
    const { db, disconnectDb } = await import("../../../lib/db");
    const stored = await db().outboxEvent.findMany({ select: { traceparent: true } });
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((event) => event.traceparent === null)).toBe(true);
    await disconnectDb();
  });
});
