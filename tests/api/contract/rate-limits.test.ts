/**
 * The rate limit per API key (docs/api.md "Rate limits") over real HTTP: the draft's headers counting
 * down, the 429 in the envelope with Retry-After, keys counted apart, and one count shared by two
 * server instances, with the counters in the database and (once, on the SQLite project) in Redis.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectFailure } from "../../support/http/envelope";
import { LOOKUPS, seedProvider, send } from "../../support/server/operations";
import { ownServer } from "../../support/server/own-server";
import { type RunningServer, startServer } from "../../support/server/test-server";

const LIMIT = 5;
/** An hour: a test's requests all fall in one window (see awayFromWindowEnd). */
const WINDOW_SECONDS = 3600;
const LIMITED = { API_RATE_LIMIT: String(LIMIT), API_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS) };
const VIEW_UNKNOWN = "/api/DeliveryChannel/Get/unknown-id";

/** Windows are fixed (epoch multiples): a sequence that could straddle an end waits for the next. */
async function awayFromWindowEnd(): Promise<void> {
  const left = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
  if (left < 15) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500));
}

const view = (server: RunningServer, key: string) =>
  send(server.baseUrl, { method: "GET", path: VIEW_UNKNOWN, key });

const remainingOf = (headers: Headers) => /^"default";r=(\d+);t=(\d+)$/.exec(headers.get("ratelimit") ?? "");

/** Two instances on one database (and, with REDIS_URL, one Redis), and a fresh key per test. */
function twoInstances(env: Record<string, string>) {
  const quiet = { WORKERS_IN_PROCESS: "false", ...env };
  const own = ownServer(quiet);
  let second: RunningServer | undefined;
  beforeAll(async () => {
    second = await startServer(own.databaseUrl(), "production", quiet);
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
  });
  return {
    first: () => own.server(),
    second: () => second!,
    newKey: async () => (await seedProvider(own.databaseUrl())).key,
  };
}

function limitTests(env: Record<string, string>) {
  const servers = twoInstances({ ...LIMITED, ...env });

  it("answers the draft's headers on every authenticated answer, counting down, and none without a key", async () => {
    const key = await servers.newKey();
    await awayFromWindowEnd();
    const answers = [
      await view(servers.first(), key),
      await send(servers.first().baseUrl, { method: "POST", path: LOOKUPS, key, body: '{"data":"Kyc"}' }),
      await send(servers.first().baseUrl, { method: "POST", path: LOOKUPS, key, body: '{"data":' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 200, 400]);
    answers.forEach((answer, index) => {
      expect(answer.headers.get("ratelimit-policy")).toBe(`"default";q=${LIMIT};w=${WINDOW_SECONDS}`);
      const [, remaining, reset] = remainingOf(answer.headers) ?? [];
      expect(Number(remaining)).toBe(LIMIT - 1 - index);
      expect(Number(reset)).toBeGreaterThan(0);
      expect(Number(reset)).toBeLessThanOrEqual(WINDOW_SECONDS);
    });
    const anonymous = await view(servers.first(), "");
    const health = await send(servers.first().baseUrl, { method: "GET", path: "/api/health" });
    for (const answer of [anonymous, health]) {
      expect(answer.headers.get("ratelimit")).toBeNull();
      expect(answer.headers.get("ratelimit-policy")).toBeNull();
    }
  });

  it("refuses the request beyond the limit with a 429 in the envelope and Retry-After, before reading its body", async () => {
    const key = await servers.newKey();
    await awayFromWindowEnd();
    for (let sent = 0; sent < LIMIT; sent++) expect((await view(servers.first(), key)).status).toBe(404);
    const refused = await send(servers.first().baseUrl, {
      method: "POST",
      path: LOOKUPS,
      key,
      body: '{"data":',
    });
    expectFailure(
      { status: refused.status, json: JSON.parse(refused.text) },
      429,
      "TooManyRequests",
      "Too Many Requests",
      new RegExp(
        `^This API key may make ${LIMIT} requests per ${WINDOW_SECONDS} s\\. Retry after \\d+ s\\.$`,
      ),
    );
    const [, remaining, reset] = remainingOf(refused.headers) ?? [];
    expect(remaining).toBe("0");
    expect(refused.headers.get("retry-after")).toBe(reset);
    expect(refused.headers.get("ratelimit-policy")).toBe(`"default";q=${LIMIT};w=${WINDOW_SECONDS}`);
  });

  it("counts each API key apart: another provider is unaffected", async () => {
    const [spent, other] = [await servers.newKey(), await servers.newKey()];
    await awayFromWindowEnd();
    for (let sent = 0; sent <= LIMIT; sent++) await view(servers.first(), spent);
    expect((await view(servers.first(), spent)).status).toBe(429);
    const answer = await view(servers.first(), other);
    expect(answer.status).toBe(404);
    expect(remainingOf(answer.headers)?.[1]).toBe(String(LIMIT - 1));
  });

  it("shares one count between two instances: 3 requests on each, the 6th is refused", async () => {
    const key = await servers.newKey();
    await awayFromWindowEnd();
    const statuses: number[] = [];
    const [a, b] = [servers.first(), servers.second()];
    for (const server of [a, a, a, b, b, b]) statuses.push((await view(server, key)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });
}

describe("rate limits, counted in the database", () => {
  limitTests({});
});

// Redis is one store whichever database the app uses: once (on the SQLite project) is enough.
describe.runIf(inject("databaseKind") === "sqlite")("rate limits, counted in Redis", () => {
  limitTests({ REDIS_URL: "redis://127.0.0.1:6379", REDIS_KEY_PREFIX: `portal-test-${randomUUID()}:` });
});

describe.runIf(inject("databaseKind") === "sqlite")("rate limits with Redis unreachable", () => {
  const own = ownServer({ ...LIMITED, REDIS_URL: "redis://127.0.0.1:1", LOG_LEVEL: "warn" });

  it("serves every request uncounted, without the headers, and logs a warning", async () => {
    const { key } = await seedProvider(own.databaseUrl());
    for (let sent = 0; sent <= LIMIT + 1; sent++) {
      const answer = await view(own.server(), key);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("ratelimit")).toBeNull();
    }
    expect(own.server().output()).toContain("rate-limit counter unavailable");
  });
});

describe("no rate limit set (API_RATE_LIMIT unset, the default)", () => {
  const own = ownServer({ WORKERS_IN_PROCESS: "false", API_RATE_LIMIT: "" });

  it("serves beyond any quota, without the headers, and documents no 429", async () => {
    const { key } = await seedProvider(own.databaseUrl());
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => view(own.server(), key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(LIMIT + 3).fill(404));
    for (const answer of answers) {
      expect(answer.headers.get("ratelimit")).toBeNull();
      expect(answer.headers.get("ratelimit-policy")).toBeNull();
    }
    // No 429 of the key's quota: the only ones documented are the sandbox helpers' own (generated events a minute).
    const document = await (await fetch(`${own.server().baseUrl}/api/openapi.json`)).json();
    const with429 = Object.values(
      document.paths as Record<string, Record<string, { operationId: string; responses: object }>>,
    )
      .flatMap((item) => Object.values(item))
      .filter((operation) => "429" in operation.responses)
      .map((operation) => operation.operationId);
    expect(with429).toEqual(["sandboxDeliveryRequest", "sandboxRefundRequest"]);
    expect(JSON.stringify(document.paths)).not.toContain('"RateLimit-Policy"');
  });
});
