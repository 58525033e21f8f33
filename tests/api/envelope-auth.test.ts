/**
 * The contract's envelope and errors over real HTTP: API key checks (401), unknown paths (404),
 * wrong methods (405), content types and bodies (400), the body size limit (413), and that no
 * failure leaks internals. Every failure carries a fresh UUID guid and code equal to the status.
 */
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const keyA = inject("providerA").key;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LOOKUPS = "/api/ClientSetting/GetLookUpValues";
const MiB = 1024 * 1024;

interface Call {
  method?: string;
  key?: string;
  contentType?: string;
  body?: string | Uint8Array;
}

async function call(path: string, { method = "POST", key, contentType, body }: Call = {}) {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers["x-api-key"] = key;
  if (contentType !== undefined) headers["content-type"] = contentType;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body as BodyInit });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are probed field by field
  return { response, status: response.status, text, json: json as any };
}

const lookup = (body: string | Uint8Array, contentType?: string, key: string = keyA) =>
  call(LOOKUPS, { key, contentType, body });

/** The contract's failure envelope, exactly: nothing more, nothing less. */
function expectFailure(
  result: Awaited<ReturnType<typeof call>>,
  status: number,
  type: string,
  title: string,
  message: string | null | RegExp = expect.any(String) as unknown as string,
) {
  expect(result.status).toBe(status);
  expect(result.response.headers.get("content-type")).toMatch(/^application\/json\b/);
  expect(result.json).toStrictEqual({
    error: {
      guid: expect.stringMatching(UUID),
      code: status,
      type,
      title,
      message: message instanceof RegExp ? expect.stringMatching(message) : message,
    },
    data: null,
    status: "failed",
  });
}

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

describe("content type and body", () => {
  it.each([
    "application/json",
    "application/json-patch+json",
    "text/json",
    "application/vnd.acme+json",
    "application/problem+json",
    "application/json; charset=utf-8",
    "application/json-patch+json; charset=utf-8",
    "text/json; charset=utf-8",
    "application/vnd.acme+json; charset=utf-8",
    "Application/JSON",
  ])("accepts %s", async (contentType) => {
    const result = await lookup('{"data":"EventType"}', contentType);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ error: null, status: "success" });
    expect(result.json.data).toContainEqual({
      lookUp: "DELIVERY_REQUEST_SENT",
      translation: expect.any(String),
    });
  });

  it.each([
    "text/plain",
    "application/xml",
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded",
    "application/+json",
    "application/json-seq",
    "text/html",
  ])("rejects %s with 400 Invalid Request Body", async (contentType) => {
    expectFailure(
      await lookup('{"data":"EventType"}', contentType),
      400,
      "ValidationError",
      "Invalid Request Body",
      /Content-Type/,
    );
  });

  it("rejects a body without a content type with 400", async () => {
    // A byte body makes fetch send no content-type header at all.
    const result = await lookup(new TextEncoder().encode('{"data":"EventType"}'));
    expectFailure(result, 400, "ValidationError", "Invalid Request Body", /Content-Type/);
  });

  it.each([
    ["malformed JSON", '{"data":'],
    ["a trailing comma", '{"data":"Kyc",}'],
    ["an empty body", ""],
    ["a blank body", "  \n "],
    ["a JSON array", '[{"data":"Kyc"}]'],
    ["a JSON string", '"Kyc"'],
    ["a JSON number", "42"],
    ["JSON null", "null"],
    ["JSON true", "true"],
  ])("%s is 400 ValidationError Invalid Request Body", async (_name, body) => {
    const result = await lookup(body, "application/json");
    expectFailure(
      result,
      400,
      "ValidationError",
      "Invalid Request Body",
      /^The request body format is invalid\. Please check it against the API specification\./,
    );
  });

  it("a JSON body of exactly 1 MiB is read", async () => {
    const json = '{"data":"Kyc"}';
    const body = json + " ".repeat(MiB - json.length);
    expect(Buffer.byteLength(body)).toBe(MiB);
    const result = await lookup(body, "application/json");
    expect(result.status).toBe(200);
  });

  it("a body over 1 MiB is 413 in the envelope", async () => {
    const json = '{"data":"Kyc"}';
    const result = await lookup(json + " ".repeat(MiB + 1 - json.length), "application/json");
    expectFailure(result, 413, "PayloadTooLarge", "Payload Too Large");
  });

  it("a chunked body over 1 MiB (no content-length) is 413 in the envelope", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * MiB) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${baseUrl}${LOOKUPS}`, {
      method: "POST",
      headers: { "x-api-key": keyA, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const text = await response.text();
    expectFailure(
      { response, status: response.status, text, json: JSON.parse(text) },
      413,
      "PayloadTooLarge",
      "Payload Too Large",
    );
  });
});

describe("every failure", () => {
  it("has a fresh UUID guid and code equal to the HTTP status", async () => {
    const results = await Promise.all([
      call(LOOKUPS, { contentType: "application/json", body: "{}" }),
      call(LOOKUPS, { contentType: "application/json", body: "{}" }),
      lookup("{}", "application/json", "wrong"),
      lookup("{", "application/json"),
      lookup("{", "application/json"),
      call("/api/Nope", { method: "GET" }),
      call(LOOKUPS, { method: "GET" }),
      call("/api/DeliveryChannel/Get/unknown", { method: "GET", key: keyA }),
    ]);
    const guids = results.map((result) => {
      expect(result.json.status).toBe("failed");
      expect(result.json.data).toBeNull();
      expect(result.json.error.code).toBe(result.status);
      return result.json.error.guid as string;
    });
    for (const guid of guids) expect(guid).toMatch(UUID);
    expect(new Set(guids).size).toBe(guids.length);
  });

  it("and every success is application/json", async () => {
    const result = await lookup('{"data":"Kyc"}', "application/json");
    expect(result.response.headers.get("content-type")).toMatch(/^application\/json\b/);
  });
});

describe("hostile path and body values", () => {
  /** Inputs that reached the database driver or the router unchecked at one point. */
  const hostile = [
    () => call("/api/DeliveryChannel/Get/a%00b", { method: "GET", key: keyA }),
    () => call("/api/DeliveryChannel/Get/%zz", { method: "GET", key: keyA }),
    () => call("/api/DeliveryChannel/Get/%E0%A4%A", { method: "GET", key: keyA }),
  ];

  it.each(hostile.map((request, index) => [index, request] as const))(
    "#%i never leaks internals: a 500 envelope says only Internal Server Error",
    async (_index, request) => {
      const result = await request();
      expect(result.text).not.toMatch(
        /prisma|stack|\bat .*:\d+:\d+|node_modules|\/work\/|invalid byte sequence/i,
      );
      if (result.status >= 500 && result.json !== undefined) {
        expect(result.json.error).toStrictEqual({
          guid: expect.stringMatching(UUID),
          code: 500,
          type: "Exception",
          title: "Internal Server Error",
          message: null,
        });
      }
    },
  );

  it("a channel id with a NUL character is simply not found (404)", async () => {
    const result = await call("/api/DeliveryChannel/Get/a%00b", { method: "GET", key: keyA });
    expectFailure(result, 404, "NotFound", "Not Found");
  });

  it.each(["/api/DeliveryChannel/Get/%zz", "/api/DeliveryChannel/Get/%E0%A4%A"])(
    "GET %s (a malformed escape) is a 4xx in the envelope, not a 500",
    async (path) => {
      const result = await call(path, { method: "GET", key: keyA });
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(result.json?.error?.code).toBe(result.status);
      expect(result.json?.status).toBe("failed");
    },
  );
});
