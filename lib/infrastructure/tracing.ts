/**
 * OpenTelemetry traces (issue 34, item 4; docs/operations.md "Traces"), off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set. Off, the SDK is never
 * loaded and every helper here returns at its first line (`tracing.on` is false).
 *
 * On, startTracing() registers the Node tracer provider (the AsyncLocalStorage context manager and
 * the W3C trace-context propagator) with a BatchSpanProcessor and the OTLP/HTTP exporter, which read
 * the standard OTEL_* variables themselves (endpoint, headers, timeouts, OTEL_BSP_*, sampler,
 * OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES). Prisma's instrumentation adds the database
 * spans; the request's and the webhook POST's spans are made by hand where they are handled: see the
 * operations guide for why the http and pg instrumentations are not used.
 *
 * The trace of an API call goes on in the outbox: queueSerializedEvent stores currentTraceparent()
 * with the event, and the dispatcher's POST span (withWebhookPostSpan) is a child of that context
 * and sends it on in a `traceparent` header.
 */
import type { IncomingHttpHeaders } from "node:http";
import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { tracingEnabled } from "../config";

const SERVICE_NAME = "delivery-channel-portal";
const TRACER_NAME = "delivery-channel-portal";

/** Whether the SDK runs in this process: set once by startTracing(), read on every request. */
export const tracing = { on: false };

let provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> } | undefined;

/**
 * Starts the SDK when an OTLP endpoint is set; otherwise does nothing (nothing is even loaded).
 * Call first thing in a process (server/index.ts, scripts/worker.ts), before it serves or works.
 */
export async function startTracing(role: "server" | "worker"): Promise<void> {
  if (provider || !tracingEnabled()) return;
  const [
    { BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, SamplingDecision },
    { OTLPTraceExporter },
    resources,
    { registerInstrumentations },
    { PrismaInstrumentation },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/instrumentation"),
    import("@prisma/instrumentation"),
  ]);
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over our defaults.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ "service.name": SERVICE_NAME, "process.pid": process.pid }))
    .merge(resources.resourceFromAttributes({ "delivery_channel_portal.role": role }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  // A span with a parent follows its parent's decision (a caller's traceparent, the event's stored
  // one). A root span is kept, except Prisma's: outside a request or a webhook POST they are the
  // pollers' queries (the dispatcher's claim every WEBHOOK_POLL_MS, the jobs'), a trace each.
  const root = {
    shouldSample: (_context: unknown, _traceId: string, name: string) => ({
      decision: name.startsWith("prisma:")
        ? SamplingDecision.NOT_RECORD
        : SamplingDecision.RECORD_AND_SAMPLED,
    }),
    toString: () => "KeepRootsButPrismasSampler",
  };
  const started = new NodeTracerProvider({
    resource,
    sampler: new ParentBasedSampler({ root }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  started.register();
  // Prisma's spans (each operation, its transaction and SQL queries) as children of the active span.
  // It needs no module patching: the Prisma client asks a global tracing helper that this sets.
  registerInstrumentations({ tracerProvider: started, instrumentations: [new PrismaInstrumentation()] });
  provider = started;
  tracing.on = true;
}

/** How long a stopping process waits for its last spans to be sent: a collector that does not answer must not hold the exit. */
const FLUSH_ON_STOP_MS = 2_000;

/** Sends the spans still buffered and stops the exporter: on shutdown, before the process exits. */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  provider = undefined;
  tracing.on = false;
  if (!stopping) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    stopping.shutdown().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, FLUSH_ON_STOP_MS);
    }),
  ]);
  clearTimeout(timer);
}

function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/** The active span's ids for a log line (lib/log.ts): none when tracing is off or no span is active. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  if (!tracing.on) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** The active context as a W3C `traceparent`, to store with an outbox event; undefined when off. */
export function currentTraceparent(): string | undefined {
  if (!tracing.on || !trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * The server span of one provider API request, named as OpenTelemetry's HTTP conventions say
 * (`POST /api/DeliveryChannel/Create`: the method and the route template), continuing the caller's
 * trace when it sent a `traceparent`. The caller runs the request in `context` and calls `end`.
 */
export function startServerSpan(
  method: string,
  route: string,
  path: string,
  headers: IncomingHttpHeaders,
): { span: Span; context: Context } {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = tracer().startSpan(
    `${method} ${route}`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        "http.request.method": method,
        "http.route": route,
        "url.path": path,
        "url.scheme": "http",
        ...(headers["user-agent"] ? { "user_agent.original": headers["user-agent"] } : {}),
      },
    },
    parent,
  );
  return { span, context: trace.setSpan(parent, span) };
}

/** Ends a server span with the answer's status (5xx is an error, as the HTTP conventions say). */
export function endServerSpan(span: Span, status: number, error?: unknown): void {
  span.setAttribute("http.response.status_code", status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  if (error instanceof Error) span.recordException(error);
  span.end();
}

/**
 * Runs one webhook POST in a client span whose parent is the trace context stored with its event
 * (a new trace when the event has none), and hands `post` the `traceparent` header to send, so the
 * receiver can continue the trace. Off, it only calls `post` with no headers.
 */
export async function withWebhookPostSpan<T extends { status: number }>(
  event: { id: string; eventType: string; traceparent: string | null },
  url: string,
  post: (traceHeaders: Record<string, string> | undefined) => Promise<T>,
): Promise<T> {
  if (!tracing.on) return post(undefined);
  const parent = event.traceparent
    ? propagation.extract(ROOT_CONTEXT, { traceparent: event.traceparent })
    : ROOT_CONTEXT;
  const target = new URL(url);
  const span = tracer().startSpan(
    "POST",
    {
      kind: SpanKind.CLIENT,
      attributes: {
        "http.request.method": "POST",
        // No query string: a callback URL may carry a token there.
        "url.full": `${target.origin}${target.pathname}`,
        "server.address": target.hostname,
        "server.port": Number(target.port) || (target.protocol === "https:" ? 443 : 80),
        "webhook.event.id": event.id,
        "webhook.event.type": event.eventType,
      },
    },
    parent,
  );
  const active = trace.setSpan(parent, span);
  const headers: Record<string, string> = {};
  propagation.inject(active, headers);
  try {
    const answer = await context.with(active, () => post(headers));
    span.setAttribute("http.response.status_code", answer.status);
    if (answer.status >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
    return answer;
  } catch (error) {
    if (error instanceof Error) span.recordException(error);
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : undefined,
    });
    throw error;
  } finally {
    span.end();
  }
}
