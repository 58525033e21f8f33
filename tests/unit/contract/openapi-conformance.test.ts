/**
 * The check that holds every API test's answers to the served document (tests/support/http/openapi-conformance.ts)
 * finds each kind of drift: an undocumented status, a body off its schema, a required header missing.
 * Without this, a checker that passed everything would pass every API test too.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import { type Conformance, conformanceTo } from "../../support/http/openapi-conformance";

let conformance: Conformance;
beforeAll(async () => {
  conformance = await conformanceTo(structuredClone(openApiDocument()));
});

const BASE = "http://127.0.0.1:1";
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
const failed = (code: number, type: string) => ({
  error: { guid: "7c1e4b52-0f3a-4d8e-9b61-5a2d3c4e8f90", code, type, title: type, message: "why" },
  data: null,
  status: "failed",
});
const check = (method: string, path: string, response: Response) =>
  conformance.check({ method, url: new URL(path, BASE) }, response);

describe("holding an answer to the served document", () => {
  it("passes an answer as documented", async () => {
    expect(await check("GET", "/api/DeliveryChannel/Get/abc", json(404, failed(404, "NotFound")))).toEqual(
      [],
    );
    expect(
      await check("GET", "/api/platform/v1/channels?colour=blue", json(400, failed(400, "ValidationError"))),
    ).toEqual([]);
  });

  it("finds a status the operation does not document", async () => {
    const problems = await check("GET", "/api/DeliveryChannel/Get/abc", json(418, failed(418, "Teapot")));
    expect(problems.join()).toMatch(/does not list status 418/);
  });

  it("finds a body off its schema", async () => {
    const problems = await check(
      "GET",
      "/api/DeliveryChannel/Get/abc",
      json(404, { ...failed(404, "NotFound"), extra: true }),
    );
    expect(problems.join()).toMatch(/additional properties/);
  });

  it("finds an answer that is not JSON where JSON is documented", async () => {
    const problems = await check(
      "POST",
      "/api/DeliveryChannel/Create",
      new Response("oops", { status: 500 }),
    );
    expect(problems.join()).toMatch(/documented as JSON/);
  });

  it("finds a 429 without the Retry-After it documents", async () => {
    const busy = failed(429, "TooManyRequests");
    expect((await check("POST", "/api/Sandbox/RefundRequest", json(429, busy))).join()).toMatch(
      /header Retry-After missing/,
    );
    expect(
      await check("POST", "/api/Sandbox/RefundRequest", json(429, busy, { "retry-after": "12" })),
    ).toEqual([]);
  });

  it("leaves alone what is not an operation of the API", async () => {
    expect(await check("GET", "/admin", new Response("<html>", { status: 200 }))).toEqual([]);
    expect(await check("GET", "/api/Nope", json(404, failed(404, "NotFound")))).toEqual([]);
    expect(await check("POST", "/api/DeliveryChannel/Create/", json(404, failed(404, "NotFound")))).toEqual(
      [],
    );
  });
});
