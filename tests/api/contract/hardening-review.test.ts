/**
 * What an adversarial review of the hardening found, each reproduced over real HTTP (raw sockets
 * where fetch cannot send the request): bodies that arrive slowly, absurd value counts, request
 * targets and hosts Next fails on, amounts no budget can count, duplicate delivery reports, huge page
 * numbers, and server actions posted without a session.
 */
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { withValue } from "../../support/http/json-path";
import { signedIn } from "../../support/http/portal-session";
import { openTestDb } from "../../support/server/test-db";

// The portal session is made in the shared server's database.
openTestDb();
const baseUrl = inject("baseUrl");
const providerA = inject("providerA");
const { hostname, port } = new URL(baseUrl);

/** Sends raw bytes; resolves with what came back once the server closes or `waitMs` passes. */
function raw(request: string, waitMs = 3_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.on("close", done);
    socket.on("error", done);
    setTimeout(done, waitMs);
    socket.write(request);
  });
}
const statusOf = (answer: string) => Number(answer.split(" ")[1]);

async function postJson(path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "x-api-key": providerA.key, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe("bodies that arrive slowly hold nobody else up", () => {
  it("four stalled uploads: a large body sent after them is answered first; they get 408 and are closed", async () => {
    const lookup = `${" ".repeat(70_000)}{"data":"Kyc"}`;
    const stalled = Array.from({ length: 4 }, () =>
      raw(
        "POST /api/ClientSetting/GetLookUpValues HTTP/1.1\r\n" +
          `Host: ${hostname}:${port}\r\nx-api-key: ${providerA.key}\r\ncontent-type: application/json\r\n` +
          "content-length: 100000\r\n\r\n{",
        20_000,
      ).then((answer) => ({ answer, at: Date.now() })),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const large = await postJson("/api/ClientSetting/GetLookUpValues", lookup);
    const answeredAt = Date.now();
    expect(large.status).toBe(200);
    for (const { answer, at } of await Promise.all(stalled)) {
      expect(statusOf(answer)).toBe(408);
      expect(answer.toLowerCase()).toContain("connection: close");
      expect(answer).toContain('"type":"RequestTimeout"');
      expect(at).toBeGreaterThan(answeredAt);
    }
  }, 40_000);
});

describe("what the review sent, answered in the envelope", () => {
  it("50,000 unknown properties are refused before parsing", async () => {
    const body = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    const reply = await postJson("/api/DeliveryChannel/Create", body);
    expect(reply.status).toBe(400);
    expect(reply.text).toContain("The request body holds more than 20,000 values");
  });

  it.each([
    [100.005, "budget.amount: must have at most two decimals"],
    [1e300, "budget.amount: must be at most 1e+13"],
  ])(
    "a budget of %s, which no delivery request could be counted against, is a 400",
    async (amount, problem) => {
      const body = withValue(minimalChannelBody(randomUUID()), "budget", { currency: "EUR", amount });
      const reply = await postJson("/api/DeliveryChannel/Create", body);
      expect(reply.status).toBe(400);
      expect(reply.text).toContain(problem);
    },
  );

  it("a field length bound of 10^15 is a 400", async () => {
    const option = {
      fieldLabel: "L",
      fieldName: "f",
      dataType: "STRING",
      isRequired: true,
      fieldMaxLength: 1e15,
    };
    const body = withValue(minimalChannelBody(randomUUID()), "deliveryOptions", [option]);
    const reply = await postJson("/api/DeliveryChannel/Create", body);
    expect(reply.status).toBe(400);
    expect(reply.text).toContain("deliveryOptions[0].fieldMaxLength: must be at most 10000");
  });

  it("a Delivery/Sync naming one delivery twice is a 400 naming the repeat", async () => {
    const item = { deliveryId: randomUUID(), status: "DELIVERED" };
    const reply = await postJson("/api/Delivery/Sync", { deliveryList: [item, item] });
    expect(reply.status).toBe(400);
    expect(reply.text).toContain("deliveryList[1].deliveryId: is listed more than once");
  });

  it("absolute-form, backslash and HEAD requests reach the API, not a redirect", async () => {
    const host = `Host: ${hostname}:${port}\r\nconnection: close\r\n\r\n`;
    expect(statusOf(await raw(`GET ${baseUrl}/api/health HTTP/1.1\r\n${host}`))).toBe(200);
    expect(statusOf(await raw(`HEAD /api/health HTTP/1.1\r\n${host}`))).toBe(200);
    const backslash = await raw(`GET /api\\health HTTP/1.1\r\n${host}`);
    expect(statusOf(backslash)).toBe(404);
    expect(backslash).toContain('"type":"NotFound"');
    expect(statusOf(await raw(`OPTIONS * HTTP/1.1\r\n${host}`))).toBe(400);
  });

  it("a portal path whose percent-escapes do not decode is a 400, not Next's 500", async () => {
    const host = `Host: ${hostname}:${port}\r\nconnection: close\r\n\r\n`;
    for (const path of ["/channels/%E0%A4%A", "/keys/%", "/admin/channels/%zz", "/docs/%E0"]) {
      const answer = await raw(`GET ${path} HTTP/1.1\r\n${host}`);
      expect([path, statusOf(answer)]).toEqual([path, 400]);
    }
    expect(
      statusOf(await raw(`GET /channels/%41 HTTP/1.1\r\n${host}`)),
      "a valid escape still goes on",
    ).not.toBe(400);
  });

  it("a host the portal does not serve gets 421 naming the setting; the API answers on any host", async () => {
    const foreign = (path: string) =>
      raw(
        `GET ${path} HTTP/1.1\r\nHost: evil.example\r\nx-api-key: ${providerA.key}\r\nconnection: close\r\n\r\n`,
      );
    for (const path of ["/sign-in", "/channels", "/api/auth/get-session"]) {
      const answer = await foreign(path);
      expect(statusOf(answer)).toBe(421);
      expect(answer).toContain("PORTAL_HOSTS");
    }
    expect(statusOf(await foreign("/api/DeliveryChannel/Get/nope"))).toBe(404);
  });

  it("a server action posted without a session is refused before its body is read", async () => {
    const response = await fetch(`${baseUrl}/channels/new`, {
      method: "POST",
      headers: { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8", origin: baseUrl },
      body: JSON.stringify(Array(500_000).fill("a")),
    });
    expect(response.status).toBe(401);
  });

  it("a page number past any list's end is an empty page, not a database error", async () => {
    const session = await signedIn("provider", providerA.id);
    const page = await session.get("/channels?page=99999999999999999999");
    expect(page.status).toBe(200);
  });
});
