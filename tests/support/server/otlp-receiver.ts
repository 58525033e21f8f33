/**
 * A local OTLP/HTTP trace receiver for the trace tests (issue 34, item 4): it keeps the spans of every
 * http/json export (POST /v1/traces), each with its resource's service.name, and the requests it got.
 */
import { createServer } from "node:http";

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
  /** The service.name of the resource it came with. */
  service?: string;
  /** The name of the instrumentation scope that made it (e.g. `@opentelemetry/instrumentation-pg`). */
  scope?: string;
}

/** A local OTLP/HTTP receiver: the spans of every JSON export, and how many requests it got. */
export async function startOtlpReceiver() {
  const spans: OtlpSpan[] = [];
  const requests: { path: string; contentType: string | undefined }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({ path: request.url ?? "", contentType: request.headers["content-type"] });
      if (request.method === "POST" && request.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = resourceSpans.resource?.attributes?.find(
            (attribute: { key: string }) => attribute.key === "service.name",
          )?.value?.stringValue;
          for (const scopeSpans of resourceSpans.scopeSpans ?? [])
            for (const span of scopeSpans.spans ?? [])
              spans.push({ ...span, service, scope: scopeSpans.scope?.name });
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    spans,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A span's attribute value, as OTLP/JSON writes it ({ stringValue }, { intValue }…). */
export function attributeOf(span: OtlpSpan, name: string): Record<string, unknown> | undefined {
  return span.attributes?.find((candidate) => candidate.key === name)?.value;
}

/** Polls `find` until it returns something: the batch processor exports every OTEL_BSP_SCHEDULE_DELAY. */
export async function until<T>(find: () => T | undefined): Promise<T> {
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
