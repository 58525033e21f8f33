/**
 * The instrumentations and the sampler of traces (issue 34, item 4), over real processes and a local
 * OTLP receiver: the http instrumentation makes every incoming request's server span (a page's
 * too), which the API's fast path names by its route, and skips the probes; on PostgreSQL the pg
 * instrumentation's query spans hang under Prisma's in the request's trace; OTEL_TRACES_SAMPLER and
 * its argument are honoured (a ratio of 0 under a parent-based sampler: a caller's sampled trace is
 * kept, no other).
 */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { seedProvider } from "../../support/server/operations";
import { attributeOf, type OtlpSpan, startOtlpReceiver, until } from "../../support/server/otlp-receiver";
import { ownServer } from "../../support/server/own-server";

const CREATE = "/api/DeliveryChannel/Create";
const otlp = await startOtlpReceiver();
const EXPORT_OFTEN = {
  OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
  OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
  OTEL_BSP_SCHEDULE_DELAY: "100",
};
const traced = ownServer({ ...EXPORT_OFTEN, OTEL_SERVICE_NAME: "portal-instrumented" });
const sampled = ownServer({
  ...EXPORT_OFTEN,
  OTEL_SERVICE_NAME: "portal-sampled",
  OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
  OTEL_TRACES_SAMPLER_ARG: "0",
});

afterAll(() => otlp.close());

async function create(baseUrl: string, key: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${CREATE}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json", ...headers },
    body: JSON.stringify(minimalChannelBody(`ch-${randomUUID()}`)),
  });
  expect(response.status).toBe(200);
}

const ofService = (service: string) => otlp.spans.filter((span) => span.service === service);
const stringAttribute = (span: OtlpSpan, name: string) => attributeOf(span, name)?.stringValue;

describe("trace instrumentations", () => {
  it("the http instrumentation makes each request's server span, named by the API's route; probes get none; pg's queries sit under Prisma's on PostgreSQL", {
    timeout: 90_000,
  }, async () => {
    const server = traced.server();
    const { key } = await seedProvider(traced.databaseUrl());
    for (const probe of ["/api/health/live", "/api/health/ready"])
      expect((await fetch(`${server.baseUrl}${probe}`)).status).toBe(200);
    await create(server.baseUrl, key);
    expect((await fetch(`${server.baseUrl}/sign-in`)).status).toBe(200);

    const requestSpan = await until(() =>
      ofService("portal-instrumented").find((span) => span.name === `POST ${CREATE}`),
    );
    expect(requestSpan.kind).toBe(2); // SERVER
    expect(requestSpan.parentSpanId || undefined).toBeUndefined();
    expect(stringAttribute(requestSpan, "http.route")).toBe(CREATE);
    expect(attributeOf(requestSpan, "http.response.status_code")).toMatchObject({ intValue: 200 });
    // Attributes only the http instrumentation sets (the fast path's own span had none of them).
    expect(stringAttribute(requestSpan, "network.protocol.version")).toBe("1.1");
    expect(stringAttribute(requestSpan, "server.address")).toBe("127.0.0.1");

    // A page's request is a server span too (Next's own spans hang under it).
    const pageSpan = await until(() =>
      ofService("portal-instrumented").find((span) => stringAttribute(span, "url.path") === "/sign-in"),
    );
    expect(pageSpan.kind).toBe(2);
    expect(ofService("portal-instrumented").some((span) => span.parentSpanId === pageSpan.spanId)).toBe(true);
    expect(
      ofService("portal-instrumented").some((span) =>
        String(stringAttribute(span, "url.path")).startsWith("/api/health"),
      ),
    ).toBe(false);

    // pg's spans (its own scope: Prisma's `prisma:client:db_query` spans say the SQL too, but pg's
    // are the driver's round trips, the pool's waits included), all within the request's span.
    const inTrace = () =>
      ofService("portal-instrumented").filter((span) => span.traceId === requestSpan.traceId);
    const pgSpans = () => inTrace().filter((span) => span.scope === "@opentelemetry/instrumentation-pg");
    if (inject("databaseKind") === "postgres") {
      const queries = await until(() =>
        pgSpans().some((span) => /insert/i.test(String(stringAttribute(span, "db.query.text"))))
          ? pgSpans()
          : undefined,
      );
      const parentOf = (span: OtlpSpan) => inTrace().find((parent) => parent.spanId === span.parentSpanId);
      const ancestors = (span: OtlpSpan): string[] => {
        const parent = parentOf(span);
        return parent ? [parent.name, ...ancestors(parent)] : [];
      };
      for (const query of queries) {
        expect(query.kind).toBe(3); // CLIENT
        expect(stringAttribute(query, "db.system.name")).toBe("postgresql");
        expect(ancestors(query).at(-1)).toBe(`POST ${CREATE}`);
      }
      // Prisma's queries go through pg (`prisma:client:db_query` › `pg.query:…`).
      expect(
        queries.some(
          (query) => query.name.startsWith("pg.query:") && parentOf(query)?.name.startsWith("prisma:"),
        ),
      ).toBe(true);
    } else {
      // SQLite goes through libsql, not pg.
      expect(pgSpans()).toEqual([]);
    }
  });

  it("honours OTEL_TRACES_SAMPLER and its argument: at a ratio of 0 only a caller's sampled trace is kept", {
    timeout: 90_000,
  }, async () => {
    const server = sampled.server();
    const { key } = await seedProvider(sampled.databaseUrl());
    await create(server.baseUrl, key);
    const callerTrace = randomUUID().replaceAll("-", "");
    await create(server.baseUrl, key, { traceparent: `00-${callerTrace}-b7ad6b7169203331-01` });

    // The caller's trace is exported, and by then the unsampled request's spans would have been too.
    const continued = await until(() =>
      ofService("portal-sampled").find(
        (span) => span.name === `POST ${CREATE}` && span.traceId === callerTrace,
      ),
    );
    expect(continued.parentSpanId).toBe("b7ad6b7169203331");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ofService("portal-sampled").every((span) => span.traceId === callerTrace)).toBe(true);
  });
});
