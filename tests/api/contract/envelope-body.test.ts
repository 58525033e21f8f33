/**
 * The contract's envelope over real HTTP: content types and bodies (400), the body size limit (413),
 * a fresh guid on every failure, and hostile path and body values that must not leak internals.
 */
import { describe, expect, inject, it } from "vitest";
import { call, expectFailure, keyA, LOOKUPS, lookup, MiB, UUID } from "../../support/http/envelope";

const baseUrl = inject("baseUrl");

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
