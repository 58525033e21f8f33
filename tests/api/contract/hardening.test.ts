/**
 * Issue 15's findings about what a provider can send, each reproduced over real HTTP: huge lists,
 * strings no database can store as sent, bytes that are not UTF-8, other charsets, paths outside the
 * API, and the overlap rule the contract never had. Every answer is the contract's envelope, small,
 * and the refused body changes nothing.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { fullChannelBody, minimalChannelBody } from "../../support/channels/channel-bodies";
import { type Json, withValue } from "../../support/http/json-path";

const baseUrl = inject("baseUrl");
const providerA = inject("providerA");

interface Reply {
  status: number;
  size: number;
  body: { error: { message: string | null; type: string } | null; data: Json | null; status: string };
}

async function send(path: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { "x-api-key": providerA.key, "content-type": "application/json", ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, size: text.length, body: JSON.parse(text) };
}
const postJson = (path: string, body: unknown) => send(path, { method: "POST", body: JSON.stringify(body) });
const view = (id: string) => send(`/api/DeliveryChannel/Get/${encodeURIComponent(id)}`);

async function countryCodes(): Promise<string[]> {
  const lookup = await postJson("/api/ClientSetting/GetLookUpValues", { data: "Country" });
  return (lookup.body.data as unknown as { lookUp: string }[]).map((item) => item.lookUp);
}

function expectRefused(reply: Reply, problem: string) {
  expect(reply.status).toBe(400);
  expect(reply.body.status).toBe("failed");
  expect(reply.body.data).toBeNull();
  expect(reply.body.error?.type).toBe("ValidationError");
  expect(reply.body.error?.message).toContain(problem);
}

describe("huge lists cost one bounded answer (findings 1 and 2)", () => {
  it("350,000 zeros in categoriesSupported: one message, a small 400, nothing created", async () => {
    const id = randomUUID();
    const body = withValue(
      minimalChannelBody(id),
      "availability.categoriesSupported",
      Array(350_000).fill(0),
    );
    const reply = await postJson("/api/DeliveryChannel/Create", body);
    expectRefused(reply, "The request body holds more than 20,000 values");
    expect(reply.size).toBeLessThan(2_000);
    expect((await view(id)).status).toBe(404);
  });

  it("a list longer than its lookup is one message naming the field, however long", async () => {
    const body = withValue(
      minimalChannelBody(randomUUID()),
      "availability.categoriesSupported",
      Array(5_000).fill(0),
    );
    const reply = await postJson("/api/DeliveryChannel/Create", body);
    expectRefused(reply, "availability.categoriesSupported: must have at most 3 items");
    expect(reply.size).toBeLessThan(2_000);
  });

  it("10,000 × BG in countriesSupported is refused, as is a value listed twice", async () => {
    const id = randomUUID();
    const huge = withValue(
      minimalChannelBody(id),
      "availability.countriesSupported",
      Array(10_000).fill("BG"),
    );
    expectRefused(
      await postJson("/api/DeliveryChannel/Create", huge),
      "countriesSupported: must have at most",
    );
    const twice = withValue(minimalChannelBody(id), "availability.countriesSupported", ["BG", "UA", "BG"]);
    expectRefused(await postJson("/api/DeliveryChannel/Create", twice), "lists BG more than once");
    expect((await view(id)).status).toBe(404);
  });

  it("every country of the lookup is accepted: the bound is the lookup's size", async () => {
    const countries = await countryCodes();
    const id = randomUUID();
    const body = withValue(minimalChannelBody(id), "availability.countriesSupported", countries);
    expect((await postJson("/api/DeliveryChannel/Create", body)).status).toBe(200);
  });

  it("a 400 names at most 20 problems, then says how many more", async () => {
    const contacts = Array.from({ length: 30 }, () => ({ email: 1, name: "n", phone: "p" }));
    const reply = await postJson(
      "/api/DeliveryChannel/Create",
      withValue(minimalChannelBody("x"), "contacts", contacts),
    );
    expectRefused(reply, "contacts[19].email");
    expect(reply.body.error?.message).not.toContain("contacts[20].email");
    expect(reply.body.error?.message).toMatch(/; and 10 more$/);
  });
});

describe("strings are stored exactly as sent, or refused naming the field (finding 3)", () => {
  const created = async () => {
    const id = randomUUID();
    expect((await postJson("/api/DeliveryChannel/Create", fullChannelBody(id))).status).toBe(200);
    return id;
  };

  it.each([
    ["NUL", "a\u0000b", "must not contain the NUL character"],
    ["a lone surrogate", "\ud800", "must be valid Unicode text"],
  ])("%s in Update name.translation is a 400 and changes nothing", async (_kind, value, problem) => {
    const id = await created();
    const before = await view(id);
    const body = withValue(fullChannelBody(id), "name.translation", value);
    expectRefused(await postJson("/api/DeliveryChannel/Update", body), `name.translation: ${problem}`);
    expect(await view(id)).toEqual(before);
  });

  it.each([
    ["/api/DeliveryRequest/Sync", { deliveryRequestId: "r\u0000", status: "APPROVED" }, "deliveryRequestId"],
    ["/api/DeliveryRequest/Sync", { deliveryRequestId: "\udfff", status: "APPROVED" }, "deliveryRequestId"],
    [
      "/api/Delivery/Sync",
      { deliveryList: [{ deliveryId: "d\u0000", status: "DELIVERED" }] },
      "deliveryList[0].deliveryId",
    ],
    [
      "/api/Delivery/Sync",
      { deliveryList: [{ deliveryId: "\ud800x", status: "DELIVERED" }] },
      "deliveryList[0].deliveryId",
    ],
    [
      "/api/Event/Subscribe",
      { eventType: "DELIVERY_REQUEST_SENT", callbackUrl: "https://hooks.example.org/\ud800" },
      "callbackUrl",
    ],
  ])("%s refuses %j naming the field", async (path, body, field) => {
    const reply = await postJson(path, body);
    expectRefused(reply, `${field}: must`);
  });

  it("text in any script, emoji and combining marks is stored exactly", async () => {
    const id = randomUUID();
    const name = "Готівка • نقد • 現金 👩🏽‍🌾 é\u0301 \u200d tab\tend";
    const body = withValue(fullChannelBody(id), "name.translation", name);
    expect((await postJson("/api/DeliveryChannel/Create", body)).status).toBe(200);
    expect((await view(id)).body.data).toMatchObject({ name: { language: "EN", translation: name } });
  });

  it("bytes that are not UTF-8 are a 400, not replaced", async () => {
    const text = JSON.stringify(minimalChannelBody(randomUUID())).replace("Cash", "Ca\uFFFFsh");
    const bytes = Buffer.from(text.replace("\uFFFF", "@"));
    bytes[bytes.indexOf("@")] = 0xff;
    const reply = await send("/api/DeliveryChannel/Create", { method: "POST", body: bytes });
    expectRefused(reply, "not valid UTF-8");
  });

  it("a charset other than UTF-8 is a 400; utf-8 in any case is accepted", async () => {
    const body = JSON.stringify(minimalChannelBody(randomUUID()));
    const utf16 = await send("/api/DeliveryChannel/Create", {
      method: "POST",
      body: Buffer.from(body, "utf16le"),
      headers: { "content-type": "application/json; charset=utf-16" },
    });
    expectRefused(utf16, "charset utf-16 is not supported");
    const utf8 = await send("/api/DeliveryChannel/Create", {
      method: "POST",
      body,
      headers: { "content-type": 'application/json-patch+json; charset="UTF-8"' },
    });
    expect(utf8.status).toBe(200);
  });

  it("nesting far deeper than the contract is refused without walking it recursively", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const reply = await send("/api/DeliveryChannel/Create", { method: "POST", body: deep });
    expectRefused(reply, "The request body nests more than 32 levels deep");
    expect(reply.size).toBeLessThan(2_000);
  });
});

describe("provider regexes cost bounded time to compile as well as to run (finding 4)", () => {
  it("a 1 KB pattern of 127 counted repeats is a 400 naming the field, and the server stays up", async () => {
    // Before: compiling it took 2 s and 226 MB, and the production server died of heap exhaustion.
    const pattern = `(?:t10|)${"a{0,999}".repeat(127)}`;
    const option = {
      fieldLabel: "L",
      fieldName: "f",
      dataType: "STRING",
      validationRegex: pattern,
      isRequired: false,
    };
    const body = withValue(minimalChannelBody(randomUUID()), "deliveryOptions", [option]);
    const reply = await postJson("/api/DeliveryChannel/Create", body);
    expectRefused(reply, "deliveryOptions[0].validationRegex: must not expand to more than");
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });
});

describe("every /api path answers in the envelope, never a redirect (finding 7)", () => {
  it.each([
    "/api/DeliveryChannel/Get/",
    "/api/DeliveryChannel/Create/",
    "//api/DeliveryChannel/Create",
    "/api//DeliveryChannel/Create",
    "/api/DeliveryChannel/Get/abc/",
    "/api/Nope",
    "/api",
  ])("%s is a 404 in the envelope", async (path) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "x-api-key": providerA.key, "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toMatchObject({ data: null, status: "failed", error: { code: 404, type: "NotFound" } });
  });
});

describe("a value may be both supported and excluded: exclusion wins (finding 8)", () => {
  it("every country supported and three excluded, KYC ALL supported and OTHER excluded, is stored", async () => {
    const countries = await countryCodes();
    const id = randomUUID();
    let body = withValue(fullChannelBody(id), "availability.countriesSupported", countries);
    body = withValue(body, "availability.countriesExcluded", ["UA", "MD", "PL"]);
    body = withValue(body, "availability.kycSupported", ["ALL"]);
    body = withValue(body, "availability.kycExcluded", ["OTHER"]);
    expect((await postJson("/api/DeliveryChannel/Create", body)).status).toBe(200);
    const shown = (await view(id)).body.data as { availability: Json };
    expect(shown.availability).toEqual(body.availability);
  });
});
