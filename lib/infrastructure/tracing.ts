/**
 * OpenTelemetry traces (issue 34, item 4; docs/operations.md "Traces"), off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set. Off, the SDK is never
 * loaded and every helper here returns at its first line (`tracing.on` is false).
 *
 * On, startTracing() registers the Node tracer provider (the AsyncLocalStorage context manager and
 * the W3C trace-context propagator) with a BatchSpanProcessor and the OTLP/HTTP exporter, which read
 * the standard OTEL_* variables themselves (endpoint, headers, timeouts, OTEL_BSP_*,
 * OTEL_TRACES_SAMPLER, OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES). The instrumentations: http
 * (a server span per incoming request; the API's fast path names it by its route), Prisma's (each
 * operation and its SQL) and pg's (each query on PostgreSQL). They patch modules as they are
 * imported, so processes start tracing in server/tracing-preload.ts, loaded ahead of their entry. The
 * webhook POST's span is made by hand (withWebhookPostSpan): its URL without the query string.
 *
 * The trace of an API call goes on in the outbox: queueSerializedEvent stores currentTraceparent()
 * with the event, and the dispatcher's POST span (withWebhookPostSpan) is a child of that context
 * and sends it on in a `traceparent` header.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { preferStableSemanticConventions, tracesSamplerChosen, tracingEnabled } from "../config";

const SERVICE_NAME = "delivery-channel-portal";
const TRACER_NAME = "delivery-channel-portal";

/** Whether the SDK runs in this process: set once by startTracing(), read on every request. */
export const tracing = { on: false };

let provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> } | undefined;

/**
 * Starts the SDK when an OTLP endpoint is set; otherwise does nothing (nothing is even loaded).
 * Only server/tracing-preload.ts calls it, once its loader hooks are in place: the http and pg
 * instrumentations patch node:http and pg as the process's own modules import them.
 */
export async function startTracing(role: "server" | "worker"): Promise<void> {
  if (provider || !tracingEnabled()) return;
  preferStableSemanticConventions();
  const [
    { BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, SamplingDecision },
    { OTLPTraceExporter },
    resources,
    { registerInstrumentations },
    { PrismaInstrumentation },
    { HttpInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/instrumentation"),
    import("@prisma/instrumentation"),
    import("@opentelemetry/instrumentation-http"),
    import("@opentelemetry/instrumentation-pg"),
  ]);
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over our defaults.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ "service.name": SERVICE_NAME, "process.pid": process.pid }))
    .merge(resources.resourceFromAttributes({ "delivery_channel_portal.role": role }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  // Unless OTEL_TRACES_SAMPLER chooses (the provider then reads it and its _ARG): a span with a
  // parent follows its parent's decision (a caller's traceparent, the event's stored one). A root
  // span is kept, except Prisma's: outside a request or a webhook POST they are the pollers' queries
  // (the dispatcher's claim every WEBHOOK_POLL_MS, the jobs'), a trace each.
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
    ...(tracesSamplerChosen() ? {} : { sampler: new ParentBasedSampler({ root }) }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  started.register();
  registerInstrumentations({
    tracerProvider: started,
    instrumentations: [
      // Prisma's spans (each operation, its transaction and SQL queries) as children of the active
      // span. It patches no module: the Prisma client asks a global tracing helper that this sets.
      new PrismaInstrumentation(),
      // A server span per incoming request, Next's pages and actions included; not the probes (every
      // few seconds from each orchestrator) nor the build's static files. Outgoing requests are
      // left alone: the only ones are webhook POSTs, which have their own span (withWebhookPostSpan).
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ""),
        disableOutgoingRequestInstrumentation: true,
      }),
      // PostgreSQL's queries under Prisma's spans (never a trace of their own: the pollers' again).
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  provider = started;
  tracing.on = true;
}

/** Requests that get no span: the health probes, /metrics, and the build's static files. */
const UNTRACED_PATHS = /^\/(api\/health(\/|$|\?)|metrics(\?|$)|_next\/static\/|favicon\.ico)/;

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
 * Names the provider API request's server span as OpenTelemetry's HTTP conventions say
 * (`POST /api/DeliveryChannel/Create`: the method and the route template). The http
 * instrumentation started it with the request's attributes, keeps it active while the request is
 * handled, and ends it with the answer; a request it skips (a probe) has none.
 */
export function nameRequestSpan(method: string, route: string): Span | undefined {
  const span = trace.getActiveSpan();
  span?.updateName(`${method} ${route}`);
  span?.setAttribute("http.route", route);
  return span;
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
