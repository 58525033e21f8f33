/**
 * Subscribe's validation over HTTP (facts file): the event type, callback URL and auth object, each
 * refusal a 400 naming the field that stores nothing; the auth fields' length limits.
 */
import { describe, expect, it } from "vitest";
import * as subscriptions from "@/lib/domain/webhooks";
import { expectFailure } from "../../support/http/envelope";
import { openTestDb } from "../../support/server/test-db";
import { CALLBACK, EVENT, newProvider, rowsOf, subscribe } from "../../support/webhooks/subscriptions";

openTestDb();

describe("Subscribe", () => {
  it.each([
    ["the placeholder NULL", { eventType: "NULL", callbackUrl: CALLBACK }, /eventType/],
    ["an unknown event type", { eventType: "DELIVERY_EXPLODED", callbackUrl: CALLBACK }, /eventType/],
    ["a lower-case event type", { eventType: EVENT.toLowerCase(), callbackUrl: CALLBACK }, /eventType/],
    ["a null event type", { eventType: null, callbackUrl: CALLBACK }, /eventType/],
    ["a missing event type", { callbackUrl: CALLBACK }, /eventType/],
    ["a missing callbackUrl", { eventType: EVENT }, /callbackUrl/],
    ["a null callbackUrl", { eventType: EVENT, callbackUrl: null }, /callbackUrl/],
    ["an empty callbackUrl", { eventType: EVENT, callbackUrl: "" }, /callbackUrl/],
    ["a relative callbackUrl", { eventType: EVENT, callbackUrl: "/hooks/dcp" }, /callbackUrl/],
    [
      "a callbackUrl without scheme",
      { eventType: EVENT, callbackUrl: "hooks.example.org/dcp" },
      /callbackUrl/,
    ],
    ["an ftp: callbackUrl", { eventType: EVENT, callbackUrl: "ftp://hooks.example.org/dcp" }, /callbackUrl/],
    ["a javascript: callbackUrl", { eventType: EVENT, callbackUrl: "javascript:alert(1)" }, /callbackUrl/],
    [
      "a callbackUrl of 257 characters",
      { eventType: EVENT, callbackUrl: `https://hooks.example.org/${"a".repeat(257 - 26)}` },
      /callbackUrl/,
    ],
    [
      "a callbackUrl with a NUL character",
      { eventType: EVENT, callbackUrl: "https://hooks.example.org/a\u0000b" },
      /callbackUrl/,
    ],
    [
      "an extra property",
      { eventType: EVENT, callbackUrl: CALLBACK, secret: "x" },
      /secret: Unknown property/,
    ],
    ["auth as a string", { eventType: EVENT, callbackUrl: CALLBACK, auth: "hmac" }, /auth/],
    ["auth without type", { eventType: EVENT, callbackUrl: CALLBACK, auth: { secret: "s" } }, /auth/],
    ["an unknown auth type", { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "digest" } }, /auth/],
    [
      "an upper-case auth type",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "HMAC", secret: "s" } },
      /auth/,
    ],
    [
      "a 17-character auth type",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "h".repeat(17) } },
      /auth/,
    ],
    [
      "hmac without secret",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "hmac" } },
      /auth\.secret/,
    ],
    [
      "hmac with an empty secret",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "hmac", secret: "" } },
      /auth\.secret/,
    ],
    [
      "header without headerName",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "header", headerValue: "v" } },
      /auth\.headerName/,
    ],
    [
      "header without headerValue",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "header", headerName: "X-Token" } },
      /auth\.headerValue/,
    ],
    [
      "a header name with a space",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "header", headerName: "X Token", headerValue: "v" },
      },
      /auth\.headerName/,
    ],
    [
      "a header name with a colon",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "header", headerName: "X-Token:", headerValue: "v" },
      },
      /auth\.headerName/,
    ],
    [
      "a header value with CRLF",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "header", headerName: "X-Token", headerValue: "v\r\nX-Injected: 1" },
      },
      /auth\.headerValue/,
    ],
    [
      "a header value with a bare LF",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "header", headerName: "X-Token", headerValue: "v\nx" },
      },
      /auth\.headerValue/,
    ],
    [
      "basic without password",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "basic", username: "u" } },
      /auth\.password/,
    ],
    [
      "basic without username",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "basic", password: "p" } },
      /auth\.username/,
    ],
    [
      "an extra auth property",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "hmac", secret: "s", algorithm: "sha1" } },
      /auth\.algorithm: Unknown property/,
    ],
    [
      "another type's field",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "basic", username: "u", password: "p", secret: "s" },
      },
      /auth\.secret: Unknown property/,
    ],
  ])("%s is 400 naming the field", async (_name, body, field) => {
    const provider = await newProvider();
    expectFailure(await subscribe(provider, body), 400, "ValidationError", "Invalid Request Body", field);
    expect(await rowsOf(provider.id)).toHaveLength(0);
  });

  const filled = (length: number) => "x".repeat(length);
  const headerNameOf = (length: number) => `X${"-".repeat(length - 1)}`;
  it.each([
    ["header", "headerName", 64, (n: number) => ({ headerName: headerNameOf(n), headerValue: "v" })],
    ["header", "headerValue", 512, (n: number) => ({ headerName: "X-Token", headerValue: filled(n) })],
    ["basic", "username", 128, (n: number) => ({ username: filled(n), password: "p" })],
    ["basic", "password", 512, (n: number) => ({ username: "u", password: filled(n) })],
    ["hmac", "secret", 512, (n: number) => ({ secret: filled(n) })],
  ])("%s %s: %i characters accepted, one more refused", async (type, field, max, fields) => {
    const provider = await newProvider();
    const atMax = await subscribe(provider, {
      eventType: EVENT,
      callbackUrl: CALLBACK,
      auth: { type, ...fields(max) },
    });
    expect(atMax.status).toBe(200);
    const row = (await rowsOf(provider.id))[0]!;
    expect((subscriptions.subscriptionAuth(row) as unknown as Record<string, string>)[field]).toHaveLength(
      max,
    );

    const over = await subscribe(provider, {
      eventType: EVENT,
      callbackUrl: CALLBACK,
      auth: { type, ...fields(max + 1) },
    });
    expectFailure(over, 400, "ValidationError", "Invalid Request Body", new RegExp(`auth\\.${field}`));
    const after = (await rowsOf(provider.id))[0]!;
    expect(after.authSealed).toBe(row.authSealed);
  });

  // Issue 30, finding 8: a callback on the subscriber's own machine or network could never be called;
  // it was accepted, shown healthy, and every delivery then refused in the library's English.
  it.each([
    "http://127.0.0.1:4000/hook",
    "http://localhost:4000/hook",
    "http://api.localhost/hook",
    "http://10.1.2.3/hook",
    "http://192.168.0.10/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]:4000/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://0.0.0.0/hook",
  ])("a private callback, %s, is refused at subscribe time, saying why", async (callbackUrl) => {
    const provider = await newProvider();
    const answer = await subscribe(provider, { eventType: EVENT, callbackUrl });
    expectFailure(
      answer,
      400,
      "ValidationError",
      "Invalid Request Body",
      /callbackUrl: must be a public address/,
    );
    expect(await rowsOf(provider.id)).toHaveLength(0);
  });

  it("a public address, or a host name (resolved only when it is called), is accepted", async () => {
    for (const callbackUrl of [
      "http://93.184.215.14/hook",
      "https://hooks.example.org/dcp",
      "http://intranet/hook",
    ]) {
      const provider = await newProvider();
      expect((await subscribe(provider, { eventType: EVENT, callbackUrl })).status, callbackUrl).toBe(200);
    }
  });
});
