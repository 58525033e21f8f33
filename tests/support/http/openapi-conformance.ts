/**
 * Every answer an API test receives, held to the OpenAPI document the server serves
 * (/api/openapi.json) by a third-party validator (openapi-backend, Ajv underneath): the status must
 * be one the operation documents, the JSON body must match that status's schema, a header the
 * document marks required must be there and every documented header must match its schema. A drift
 * between the reference and the server therefore fails the test that met it, at the call.
 * Installed around `fetch` for the API projects by tests/support/http/setup-openapi-conformance.ts.
 */
import addFormatsModule from "ajv-formats";
import { type Document, OpenAPIBackend, type Operation } from "openapi-backend";

const addFormats = addFormatsModule as unknown as (ajv: unknown) => unknown;

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
type Json = any;

export interface ConformanceRequest {
  method: string;
  url: URL;
}

export interface Conformance {
  /** What differs between the answer and the document; empty when it conforms or the path is not the API's. */
  check(request: ConformanceRequest, response: Response): Promise<string[]>;
}

/** The template's exact path: `{name}` one non-empty segment, nothing trailing. */
function servedAt(template: string, pathname: string): boolean {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
    .join("[^/]+");
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** Response headers the server sets as JSON text only. */
const isJson = (response: Response) =>
  (response.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json");

export async function conformanceTo(document: Json): Promise<Conformance> {
  // `quick` skips openapi-backend's definition check, which knows OpenAPI 3.0 only; the document
  // itself is checked as 3.1 by tests/unit/contract/openapi.test.ts.
  const api = new OpenAPIBackend({
    definition: document as Document,
    quick: true,
    validate: true,
    // Amounts are `multipleOf: 0.01`: compared in floating point, 0.29 would not be one.
    ajvOpts: { multipleOfPrecision: 9 },
    // The formats the document uses (uuid, date-time, uri, date) are checked, not ignored.
    customizeAjv: (ajv) => addFormats(ajv as never) as never,
  });
  await api.init();

  return {
    async check({ method, url }, response) {
      if (!url.pathname.startsWith("/api/")) return [];
      const operation = api.matchOperation({
        method: method.toLowerCase(),
        path: url.pathname,
        query: url.search.slice(1),
        headers: {},
      }) as (Operation & { responses?: Record<string, Json> }) | undefined;
      // A path or method the API does not serve is not an operation's answer (the router would
      // also match `/Create/`, which the API does not serve).
      if (!operation || !servedAt(operation.path, url.pathname)) return [];
      const where = `${method.toUpperCase()} ${url.pathname} → ${response.status} (${operation.operationId})`;
      const documented = operation.responses?.[String(response.status)] ?? operation.responses?.default;
      if (!documented) return [`${where}: the document does not list status ${response.status}`];

      const problems: string[] = [];
      const headers = Object.fromEntries(response.headers.entries());
      for (const [name, header] of Object.entries<Json>(documented.headers ?? {})) {
        if (header.required && !response.headers.has(name)) problems.push(`${where}: header ${name} missing`);
      }
      const headerCheck = api.validateResponseHeaders(headers, operation, { statusCode: response.status });
      for (const error of headerCheck.errors ?? [])
        problems.push(`${where}: header ${error.instancePath} ${error.message}`);

      const schema = documented.content?.["application/json"]?.schema;
      if (schema) {
        if (!isJson(response)) {
          problems.push(`${where}: documented as JSON, answered ${response.headers.get("content-type")}`);
        } else {
          const body = await response.clone().json();
          const bodyCheck = api.validateResponse(body, operation, response.status);
          for (const error of bodyCheck.errors ?? [])
            problems.push(
              `${where}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`,
            );
        }
      }
      return problems;
    },
  };
}

/** Wraps `fetch` so that each answer is checked before the test sees it; a drift throws at the call. */
export function fetchHeldTo(conformance: Conformance, realFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    // Read off the arguments, not a Request built from them: that would consume a streamed body.
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await realFetch(input, init);
    const problems = await conformance.check({ method, url }, response);
    if (problems.length > 0) {
      throw new Error(`The answer differs from the served OpenAPI document:\n${problems.join("\n")}`);
    }
    return response;
  };
}
