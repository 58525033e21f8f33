/**
 * Sign-in guards over real HTTP, with production servers of this file's own on one fresh database
 * (a low sign-in limit, with and without a trusted proxy): throttling per client address and per
 * account that a forged X-Forwarded-For cannot escape and that holds across instances, the origin
 * check, and JSON bodies on every /api/auth error.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../support/server/own-database";
import { type RunningServer, startServer } from "../../support/server/test-server";

const LIMIT = 5;
const SIGN_IN = "/api/auth/sign-in/email";

const databaseUrl = freshDatabase();
/** No TRUST_PROXY: the socket's address is the client's. */
let direct: RunningServer;
/** Two instances that trust 127.0.0.1 (this test) as their reverse proxy. */
let proxied: RunningServer;
let proxiedTwin: RunningServer;
const user = { email: `guard-${randomUUID().slice(0, 8)}@example.org`, password: `pw-${randomUUID()}` };

async function createAdmin(databaseUrl: string) {
  const { disconnectDb } = await import("../../../lib/db");
  await disconnectDb();
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = databaseUrl;
  const { createUser } = await import("../../../lib/domain/users");
  await createUser({ ...user, name: "Guard Admin", roles: ["administrator"] });
  await disconnectDb();
  process.env.DATABASE_URL = previous;
}

beforeAll(async () => {
  const url = databaseUrl();
  const env = { AUTH_SIGN_IN_PER_MINUTE: String(LIMIT), WORKERS_IN_PROCESS: "false" };
  // One at a time: the first start migrates the fresh database.
  direct = await startServer(url, "production", env);
  proxied = await startServer(url, "production", { ...env, TRUST_PROXY: "127.0.0.1" });
  proxiedTwin = await startServer(url, "production", { ...env, TRUST_PROXY: "127.0.0.1" });
  await createAdmin(url);
});
afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop(), proxiedTwin?.stop()]);
});

let addressCounter = 0;
/** A fresh client address for each call, so that only the limit under test can trip. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

function signIn(
  server: RunningServer,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
) {
  return fetch(`${server.baseUrl}${SIGN_IN}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(credentials),
  });
}

const wrongPassword = (email = `nobody-${randomUUID().slice(0, 8)}@example.org`) => ({
  email,
  password: "not-the-password",
});

/** The statuses of `count` sign-ins made one after another. */
async function statuses(count: number, attempt: (index: number) => Promise<Response>): Promise<number[]> {
  const result: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await attempt(index);
    await response.arrayBuffer();
    result.push(response.status);
  }
  return result;
}

const limited = (count: number) => [...Array(LIMIT).fill(401), ...Array(count - LIMIT).fill(429)];

describe("sign-in throttling", () => {
  it("without a trusted proxy, a different X-Forwarded-For on each attempt still gets 429", async () => {
    const seen = await statuses(LIMIT + 3, (index) =>
      signIn(direct, wrongPassword(), { "x-forwarded-for": `203.0.113.${index + 1}` }),
    );
    expect(seen).toEqual(limited(LIMIT + 3));
  });

  it("throttles one account tried from many addresses, across instances", async () => {
    const email = `target-${randomUUID().slice(0, 8)}@example.org`;
    const seen = await statuses(LIMIT + 3, (index) =>
      signIn(index % 2 ? proxiedTwin : proxied, wrongPassword(email), { "x-forwarded-for": freshAddress() }),
    );
    expect(seen).toEqual(limited(LIMIT + 3));
    const answer = await signIn(proxied, wrongPassword(email.toUpperCase()), {
      "x-forwarded-for": freshAddress(),
    });
    expect(answer.status, "the same account in other case").toBe(429);
  });

  it("behind a trusted proxy, counts the address it forwards, per address", async () => {
    const address = freshAddress();
    const seen = await statuses(LIMIT + 2, (index) =>
      signIn(index % 2 ? proxiedTwin : proxied, wrongPassword(), { "x-forwarded-for": address }),
    );
    expect(seen).toEqual(limited(LIMIT + 2));
    const other = await signIn(proxied, wrongPassword(), { "x-forwarded-for": freshAddress() });
    expect(other.status, "another client behind the same proxy").toBe(401);
  });

  it("behind a trusted proxy, takes the address the proxy appended, not what the client wrote", async () => {
    const client = freshAddress();
    const seen = await statuses(LIMIT + 2, (index) =>
      signIn(proxied, wrongPassword(), { "x-forwarded-for": `192.0.2.${index + 1}, ${client}, 127.0.0.1` }),
    );
    expect(seen).toEqual(limited(LIMIT + 2));
    const other = await signIn(proxied, wrongPassword(), {
      "x-forwarded-for": `192.0.2.1, ${freshAddress()}`,
    });
    expect(other.status, "another client behind the same proxy").toBe(401);
  });
});

describe("the origin check", () => {
  it("refuses a sign-in from another port of the same host", async () => {
    const port = Number(new URL(proxied.baseUrl).port) === 9999 ? 9998 : 9999;
    const response = await signIn(proxied, user, {
      origin: `http://127.0.0.1:${port}`,
      "x-forwarded-for": freshAddress(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toMatchObject({ message: expect.any(String) });
  });

  it("accepts a sign-in from the server's own origin", async () => {
    const response = await signIn(proxied, user, {
      origin: proxied.baseUrl,
      "x-forwarded-for": freshAddress(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toContain("session_token");
  });
});

describe("/api/auth errors", () => {
  it.each([
    ["an unknown path", "GET", "/api/auth/no-such-endpoint", 404],
    ["an unknown path, posted", "POST", "/api/auth/no-such-endpoint", 404],
    ["a POST-only endpoint read with GET", "GET", SIGN_IN, 404],
    ["a method no endpoint has", "DELETE", SIGN_IN, 404],
    ["public sign-up, which is off", "POST", "/api/auth/sign-up/email", 400],
  ])("%s answers JSON with a message", async (_name, method, path, status) => {
    const response = await fetch(`${proxied.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-forwarded-for": freshAddress() },
      body:
        method === "GET"
          ? undefined
          : JSON.stringify({ email: "x@example.org", password: "0123456789a", name: "x" }),
    });
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("a wrong password and a throttled attempt answer JSON with a message", async () => {
    const address = freshAddress();
    const answers: Response[] = [];
    for (let index = 0; index <= LIMIT; index++) {
      answers.push(await signIn(proxied, wrongPassword(), { "x-forwarded-for": address }));
    }
    for (const [index, response] of answers.entries()) {
      expect(response.status).toBe(index < LIMIT ? 401 : 429);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});
