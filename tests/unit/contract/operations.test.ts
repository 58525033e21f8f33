/**
 * The operation table is the one list of the API: every published operation is documented as the
 * table says, the router serves each at its path, and no route file serves an API path around it.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import { OPERATIONS } from "@/lib/api/operations";
import { buildRouter, matchOperation } from "@/lib/api/routing";

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
type Json = any;
const doc: Json = openApiDocument();
const published = OPERATIONS.filter((operation) => operation.published !== false);

describe("the operation table", () => {
  it("has one entry per method and path, and per operationId", () => {
    const keys = OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(OPERATIONS.map((operation) => operation.operationId)).size).toBe(OPERATIONS.length);
  });

  it("is what the document's paths are, in the table's order", () => {
    const documented = Object.entries<Json>(doc.paths).flatMap(([route, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(documented).toEqual(published.map((operation) => `${operation.method} ${operation.path}`));
  });

  it.each(published.map((operation) => [operation.operationId, operation] as const))(
    "documents %s as the table defines it",
    (_id, operation) => {
      const documented = doc.paths[operation.path][operation.method.toLowerCase()];
      expect(documented).toMatchObject({
        operationId: operation.operationId,
        summary: operation.summary,
        description: operation.description,
        tags: [operation.tag],
        security:
          operation.auth === "apiKey"
            ? [{ ApiKey: [] }]
            : operation.auth === "platformToken"
              ? [{ PlatformToken: [] }]
              : [],
      });
      expect(Boolean(documented.requestBody)).toBe(Boolean(operation.body));
      const parameters = (documented.parameters ?? []).map((p: Json) => `${p.in} ${p.name}`);
      expect(parameters).toEqual([
        ...Object.keys(operation.params?.shape ?? {}).map((name) => `path ${name}`),
        ...Object.keys(operation.query?.shape ?? {}).map((name) => `query ${name}`),
        ...(operation.idempotencyKey ? ["header Idempotency-Key"] : []),
      ]);
      const statuses = Object.keys(documented.responses);
      for (const status of ["409", "422"]) {
        if (operation.idempotencyKey) expect(statuses).toContain(status);
      }
      const examples = Object.keys(documented.responses["200"].content["application/json"].examples);
      expect(examples).toEqual(Object.keys(operation.docs().ok.examples));
    },
  );

  it("accepts the Idempotency-Key header on the write operations, and only there", () => {
    const flagged = OPERATIONS.filter((operation) => operation.idempotencyKey).map((o) => o.operationId);
    expect(flagged).toEqual([
      "createDeliveryChannel",
      "updateDeliveryChannel",
      "subscribeEvent",
      "unsubscribeEvent",
      "syncDeliveryRequest",
      "syncDeliveries",
      // The platform API: every write.
      ...OPERATIONS.filter((o) => o.auth === "platformToken" && o.method === "POST").map(
        (o) => o.operationId,
      ),
    ]);
  });

  it("leaves unpublished operations (the health probes) out of the provider reference", () => {
    const unpublished = OPERATIONS.filter((operation) => operation.published === false);
    expect(unpublished.map((operation) => operation.path)).toEqual([
      "/api/health",
      "/api/health/live",
      "/api/health/ready",
    ]);
    for (const operation of unpublished) expect(doc.paths[operation.path]).toBeUndefined();
  });
});

describe("routing from the table", () => {
  it("finds every operation at its path, each path parameter decoded", () => {
    const pathsServedTwice = new Set(
      OPERATIONS.filter((o, i) => OPERATIONS.findIndex((p) => p.path === o.path) !== i).map((o) => o.path),
    );
    for (const operation of OPERATIONS) {
      const concrete = operation.path.replace(/\{\w+\}/g, "a%20b");
      const match = matchOperation(concrete);
      // A path with two methods is served by one dispatcher (tested below).
      if (!pathsServedTwice.has(operation.path))
        expect(match?.handler, operation.path).toBe(operation.handler);
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((found) => found[1]!);
      expect(match?.params).toEqual(Object.fromEntries(names.map((name) => [name, "a b"])));
    }
  });

  it("matches a parameter in a middle segment, never an empty one or across a slash", () => {
    const handler = async () => ({ status: 200, json: "{}" });
    const route = (method: "GET" | "POST", path: string) => ({ method, path, handler });
    const match = buildRouter([route("POST", "/api/x/{id}/approve"), route("GET", "/api/x/{id}")]);
    expect(match("/api/x/a%2Fb/approve")?.params).toEqual({ id: "a/b" });
    expect(match("/api/x/%E0%A4%A/approve")?.params).toEqual({ id: "%E0%A4%A" });
    expect(match("/api/x//approve")).toBeUndefined();
    expect(match("/api/x/1/approve/")).toBeUndefined();
    expect(match("/api/x/1/reject")).toBeUndefined();
    expect(match("/api/x/1/2")).toBeUndefined();
  });

  it("finds nothing at other paths: the caller answers 404", () => {
    for (const pathname of [
      "/api/Nope",
      "/api/DeliveryChannel/Create/",
      "/api/DeliveryChannel/Get/",
      "/api/DeliveryChannel/Get/a/b",
      "/api/openapi.json",
    ]) {
      expect(matchOperation(pathname), pathname).toBeUndefined();
    }
    expect(matchOperation("/api/DeliveryChannel/Get/%")?.params).toEqual({ providerDeliveryChannelId: "%" });
  });

  it("refuses, when built, a table with two operations on one path", () => {
    const handler = async () => ({ status: 200, json: "{}" });
    const route = (method: "GET" | "POST", path: string) => ({ method, path, handler });
    const create = route("POST", "/api/DeliveryChannel/Create");
    expect(() => buildRouter([create, route("GET", "/api/health"), create])).toThrow(
      "POST /api/DeliveryChannel/Create is defined twice",
    );
    expect(() => buildRouter([route("GET", "/api/X/{a}/y"), route("POST", "/api/X/{b}/y")])).toThrow(
      "name their parameters differently",
    );
    expect(() => buildRouter([route("GET", "/api/X/Get/{a}"), route("GET", "/api/X/Get/{b}")])).toThrow(
      "GET /api/X/Get/{b} is defined twice",
    );
    expect(
      buildRouter([route("GET", "/api/X/Get/{a}"), route("GET", "/api/X/Get/all")])("/api/X/Get/all"),
    ).toBeDefined();
  });

  it("serves two methods of one path by the request's method, 405 with both allowed otherwise", async () => {
    const answer = (status: number) => async () => ({ status, json: "{}" });
    const match = buildRouter([
      { method: "GET", path: "/api/p", handler: answer(200) },
      { method: "POST", path: "/api/p", handler: answer(201) },
    ]);
    const request = (method: string) => ({
      method,
      path: "/api/p",
      header: () => undefined,
      readBody: async () => new Uint8Array(),
      params: {},
    });
    const handler = match("/api/p")!.handler;
    expect((await handler(request("GET"))).status).toBe(200);
    expect((await handler(request("HEAD"))).status).toBe(200);
    expect((await handler(request("POST"))).status).toBe(201);
    const refused = await handler(request("DELETE"));
    expect(refused.status).toBe(405);
    expect(refused.headers?.allow).toBe("GET, POST");
  });

  it("is the only way to an operation in app/api: one catch-all route file beside auth and the document", () => {
    const root = path.resolve(import.meta.dirname, "../../../app/api");
    const routeFiles = readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith("route.ts"))
      .map((file) => file.split(path.sep).join("/"))
      .sort();
    expect(routeFiles).toEqual(["[[...path]]/route.ts", "auth/[...all]/route.ts", "openapi.json/route.ts"]);
  });
});
