/**
 * The contract's envelope and errors over real HTTP: API key checks (401), unknown paths (404) and
 * wrong methods (405). Content types, bodies (400), the size limit (413) and hostile values are in
 * envelope-body.test.ts. Every failure carries a fresh UUID guid and code equal to the status.
 */
import { describe, expect, inject, it } from "vitest";
import { call, expectFailure, keyA, LOOKUPS, lookup } from "../../support/http/envelope";

const ENDPOINTS = [
  { method: "POST", path: "/api/DeliveryChannel/Create" },
  { method: "POST", path: "/api/DeliveryChannel/Update" },
  { method: "GET", path: "/api/DeliveryChannel/Get/some-channel" },
  { method: "POST", path: LOOKUPS },
  { method: "POST", path: "/api/Event/Subscribe" },
  { method: "POST", path: "/api/Event/Unsubscribe" },
] as const;

const bodyFor = (method: string) => (method === "POST" ? '{"data":"Kyc"}' : undefined);

describe("API key", () => {
  it.each(ENDPOINTS)(
    "$method $path without x-api-key is 401 API Key is missing",
    async ({ method, path }) => {
      const result = await call(path, { method, contentType: "application/json", body: bodyFor(method) });
      expectFailure(result, 401, "Unauthorized", "API Key is missing", null);
    },
  );

  it("an empty x-api-key header counts as missing", async () => {
    expectFailure(
      await lookup('{"data":"Kyc"}', "application/json", ""),
      401,
      "Unauthorized",
      "API Key is missing",
      null,
    );
  });

  it.each([
    ["an unknown key of the right shape", `dcp_${"A".repeat(43)}`],
    ["a key without the dcp_ prefix", "not-a-key"],
    ["a very long key", `dcp_${"x".repeat(5000)}`],
    ["the revoked key", inject("revokedKey")],
    ["provider A's key with one character changed", `${keyA.slice(0, -1)}${keyA.endsWith("A") ? "B" : "A"}`],
  ])("%s is 401 API Key is invalid", async (_name, key) => {
    expectFailure(
      await lookup('{"data":"Kyc"}', "application/json", key),
      401,
      "Unauthorized",
      "API Key is invalid",
      null,
    );
  });

  it.each(ENDPOINTS)("$method $path checks the key before the body", async ({ method, path }) => {
    const result = await call(path, {
      method,
      key: "wrong",
      contentType: "text/plain",
      body: method === "POST" ? "not json" : undefined,
    });
    expectFailure(result, 401, "Unauthorized", "API Key is invalid", null);
  });

  it("a valid key is accepted", async () => {
    const result = await lookup('{"data":"Kyc"}', "application/json");
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ error: null, status: "success" });
  });
});

describe("unknown paths and wrong methods", () => {
  it.each([
    "/api/Nope",
    "/api/DeliveryChannel/Delete",
    "/api/deliverychannel/create",
    "/api/DeliveryChannel/Create/extra",
    "/api/Event",
    "/api",
    "/api/",
  ])("GET and POST %s are 404 in the envelope", async (path) => {
    for (const method of ["GET", "POST"]) {
      const result = await call(path, {
        method,
        key: keyA,
        contentType: "application/json",
        body: bodyFor(method),
      });
      expectFailure(result, 404, "NotFound", "Not Found");
    }
  });

  it.each([
    "/api/DeliveryChannel/Get",
    "/api/DeliveryChannel/Get/",
    "/api/DeliveryChannel/Get/a/b",
    "/api/DeliveryChannel/Get/no-such-channel",
    "/api/DeliveryChannel/Get/no-such-channel/",
  ])("GET %s is 404 in the envelope", async (path) => {
    expectFailure(await call(path, { method: "GET", key: keyA }), 404, "NotFound", "Not Found");
  });

  it.each([
    ["GET", "/api/DeliveryChannel/Create", "POST"],
    ["PUT", "/api/DeliveryChannel/Create", "POST"],
    ["GET", "/api/DeliveryChannel/Update", "POST"],
    ["DELETE", "/api/DeliveryChannel/Update", "POST"],
    ["POST", "/api/DeliveryChannel/Get/some-channel", "GET"],
    ["PUT", "/api/DeliveryChannel/Get/some-channel", "GET"],
    ["DELETE", "/api/DeliveryChannel/Get/some-channel", "GET"],
    ["PATCH", "/api/DeliveryChannel/Get/some-channel", "GET"],
    ["GET", LOOKUPS, "POST"],
    ["PATCH", LOOKUPS, "POST"],
    ["GET", "/api/Event/Subscribe", "POST"],
    ["PUT", "/api/Event/Subscribe", "POST"],
    ["GET", "/api/Event/Unsubscribe", "POST"],
    ["DELETE", "/api/Event/Unsubscribe", "POST"],
  ])("%s %s is 405 with allow: %s, before the key check", async (method, path, allowed) => {
    for (const key of [keyA, undefined]) {
      const result = await call(path, { method, key });
      expectFailure(result, 405, "MethodNotAllowed", "Method Not Allowed");
      expect(result.response.headers.get("allow")).toBe(allowed);
    }
  });
});
