/**
 * Operating the server, with server processes of this file's own: the fast path and `next start`
 * answer alike; errors are traceable by guid in the JSON log; SIGTERM drains; `npm start` migrates
 * a brand-new database; an unreachable database fails the start loudly, and (PostgreSQL) a database
 * lost while running turns /api/health to 503 until it is back.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import {
  createTestDatabase,
  freePort,
  ROOT,
  type RunningServer,
  startServer,
  type TestDatabase,
} from "../support/test-server";

const kind = inject("databaseKind");
const LOOKUPS = "/api/ClientSetting/GetLookUpValues";

/** Creates a provider and key in the database at `databaseUrl` (this process's lib/db, switched). */
async function seedProvider(databaseUrl: string): Promise<{ id: string; key: string }> {
  const { disconnectDb } = await import("../../lib/db");
  await disconnectDb();
  process.env.DATABASE_URL = databaseUrl;
  const { createProvider, issueApiKey } = await import("../../lib/domain/api-keys");
  const provider = await createProvider(`Operations ${randomUUID()}`);
  const { key } = await issueApiKey(provider.id);
  await disconnectDb();
  return { id: provider.id, key };
}

const channelBody = (providerDeliveryChannelId: string) => ({
  providerDeliveryChannelId,
  name: { language: "EN", translation: "Cash pick-up" },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH"], countriesSupported: ["BG"] },
  status: null,
});

interface Request {
  method: string;
  path: string;
  key?: string;
  contentType?: string;
  body?: string;
}

/** POST a Create of `channelBody(id)` with the given key. */
function createChannel(baseUrl: string, key: string, id: string) {
  return send(baseUrl, {
    method: "POST",
    path: "/api/DeliveryChannel/Create",
    key,
    body: JSON.stringify(channelBody(id)),
  });
}

async function send(baseUrl: string, { method, path, key, contentType = "application/json", body }: Request) {
  const headers: Record<string, string> = { "content-type": contentType };
  if (key) headers["x-api-key"] = key;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Status, media type, allow header and body, with the per-response guid and dates blanked. */
async function comparable(baseUrl: string, request: Request) {
  const { status, headers, text } = await send(baseUrl, request);
  let body: unknown = text;
  try {
    body = JSON.parse(text, (name, value) =>
      ["guid", "date", "requestedDate"].includes(name) && typeof value === "string" ? "<varies>" : value,
    );
  } catch {
    // not JSON: compared as text
  }
  return { status, type: headers.get("content-type")?.split(";")[0], allow: headers.get("allow"), body };
}

function jsonLines(output: string): Record<string, unknown>[] {
  return output.split("\n").flatMap((line) => {
    try {
      const value = JSON.parse(line);
      return typeof value === "object" && value !== null ? [value] : [];
    } catch {
      return [];
    }
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("parity: the production fast path and next start answer alike", () => {
  const production = inject("baseUrl");
  let next: RunningServer;
  let key: string;
  const existing = `parity-${randomUUID()}`;
  const missing = `missing-${randomUUID()}`;

  beforeAll(async () => {
    // The production server of this project migrated the database before next starts on it.
    next = await startServer(inject("databaseUrl"), "next");
    key = (await seedProvider(inject("databaseUrl"))).key;
    const created = await createChannel(production, key, existing);
    expect(created.status).toBe(200);
  });
  afterAll(() => next?.stop());

  const requests: [string, () => Request][] = [
    ["health", () => ({ method: "GET", path: "/api/health" })],
    ["health with a wrong method", () => ({ method: "POST", path: "/api/health", body: "{}" })],
    ["lookup", () => ({ method: "POST", path: LOOKUPS, key, body: '{"data":"Kyc"}' })],
    [
      "lookup as json-patch+json",
      () => ({
        method: "POST",
        path: LOOKUPS,
        key,
        contentType: "application/json-patch+json",
        body: '{"data":"Country"}',
      }),
    ],
    ["no key", () => ({ method: "POST", path: LOOKUPS, body: '{"data":"Kyc"}' })],
    ["a wrong key", () => ({ method: "POST", path: LOOKUPS, key: "dcp_wrong", body: '{"data":"Kyc"}' })],
    [
      "text/plain",
      () => ({ method: "POST", path: LOOKUPS, key, contentType: "text/plain", body: '{"data":"Kyc"}' }),
    ],
    ["malformed JSON", () => ({ method: "POST", path: LOOKUPS, key, body: '{"data":' })],
    ["an empty body", () => ({ method: "POST", path: LOOKUPS, key, body: "" })],
    ["an unknown lookup key", () => ({ method: "POST", path: LOOKUPS, key, body: '{"data":"kyc","x":1}' })],
    [
      "a body over 1 MiB",
      () => ({ method: "POST", path: LOOKUPS, key, body: `{"data":"Kyc"}${" ".repeat(1 << 20)}` }),
    ],
    [
      "an invalid channel",
      () => ({
        method: "POST",
        path: "/api/DeliveryChannel/Create",
        key,
        body: '{"name":{"language":"XQ"}}',
      }),
    ],
    [
      "a duplicate create",
      () => ({
        method: "POST",
        path: "/api/DeliveryChannel/Create",
        key,
        body: JSON.stringify(channelBody(existing)),
      }),
    ],
    [
      "an update of an unknown channel",
      () => ({
        method: "POST",
        path: "/api/DeliveryChannel/Update",
        key,
        body: JSON.stringify(channelBody(missing)),
      }),
    ],
    ["view", () => ({ method: "GET", path: `/api/DeliveryChannel/Get/${existing}`, key })],
    [
      "view of an unknown id",
      () => ({ method: "GET", path: "/api/DeliveryChannel/Get/no-such-channel", key }),
    ],
    ["view of an escaped id", () => ({ method: "GET", path: "/api/DeliveryChannel/Get/a%20b", key })],
    [
      "view with a wrong method",
      () => ({ method: "DELETE", path: `/api/DeliveryChannel/Get/${existing}`, key }),
    ],
    ["create with a wrong method", () => ({ method: "GET", path: "/api/DeliveryChannel/Create", key })],
    ["an unknown path", () => ({ method: "GET", path: "/api/Nope", key })],
    [
      "subscribe",
      () => ({
        method: "POST",
        path: "/api/Event/Subscribe",
        key,
        body: JSON.stringify({
          eventType: "DELIVERY_REQUEST_SENT",
          callbackUrl: "https://hooks.example.org/x",
        }),
      }),
    ],
    [
      "an invalid subscribe",
      () => ({
        method: "POST",
        path: "/api/Event/Subscribe",
        key,
        body: JSON.stringify({ eventType: "NULL", callbackUrl: "ftp://x", auth: { type: "header" } }),
      }),
    ],
    [
      "unsubscribe of nothing",
      () => ({
        method: "POST",
        path: "/api/Event/Unsubscribe",
        key,
        body: '{"eventType":"DELIVERY_REFUND_REQUESTED"}',
      }),
    ],
  ];

  it.each(requests)("%s", async (_name, request) => {
    const fromProduction = await comparable(production, request());
    const fromNext = await comparable(next.baseUrl, request());
    expect(fromNext).toStrictEqual(fromProduction);
  });

  it("an update through either is the same receipt", async () => {
    const update = {
      method: "POST",
      path: "/api/DeliveryChannel/Update",
      key,
      body: JSON.stringify(channelBody(existing)),
    };
    const fromProduction = await comparable(production, update);
    const fromNext = await comparable(next.baseUrl, update);
    expect(fromProduction.status).toBe(200);
    expect(fromNext).toStrictEqual(fromProduction);
  });
});

describe("a production server of its own", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startServer(database.url);
    key = (await seedProvider(database.url)).key;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("logs each failure as a JSON line carrying the guid the client got", async () => {
    const failures = await Promise.all([
      send(server.baseUrl, { method: "POST", path: LOOKUPS, key, body: '{"data":' }),
      send(server.baseUrl, { method: "POST", path: LOOKUPS, body: '{"data":"Kyc"}' }),
      send(server.baseUrl, { method: "GET", path: "/api/DeliveryChannel/Get/unknown-id", key }),
    ]);
    const expected = [
      { status: 400, method: "POST", path: LOOKUPS },
      { status: 401, method: "POST", path: LOOKUPS },
      { status: 404, method: "GET", path: "/api/DeliveryChannel/Get/unknown-id" },
    ];
    const guids = failures.map((failure, index) => {
      expect(failure.status).toBe(expected[index]?.status);
      return JSON.parse(failure.text).error.guid as string;
    });
    await vi.waitFor(() => {
      const lines = jsonLines(server.output());
      guids.forEach((guid, index) => {
        const line = lines.find((entry) => entry.guid === guid);
        expect(line, `log line for ${guid}`).toMatchObject({ ...expected[index], level: expect.any(Number) });
        expect(line?.msg).toEqual(expect.any(String));
        expect(typeof line?.time).toBe("number");
      });
      // the access log line of each request, too
      for (const entry of expected) {
        expect(lines).toContainEqual(expect.objectContaining({ ...entry, msg: "request" }));
      }
    });
  });

  it("never logs API keys or webhook secrets", async () => {
    const secret = `never-log-${randomUUID()}`;
    const result = await send(server.baseUrl, {
      method: "POST",
      path: "/api/Event/Subscribe",
      key,
      body: JSON.stringify({
        eventType: "DELIVERY_REQUEST_SENT",
        callbackUrl: "https://hooks.example.org/x",
        auth: { type: "header", headerName: "Bad Name", headerValue: secret },
      }),
    });
    expect(result.status).toBe(400);
    const { guid } = JSON.parse(result.text).error;
    await vi.waitFor(() => expect(server.output()).toContain(guid));
    expect(server.output()).not.toContain(secret);
    expect(server.output()).not.toContain(key);
  });

  it.each([
    ["Connection: close", false],
    ["a keep-alive connection", true],
  ])(
    "on SIGTERM finishes an in-flight request on %s, refuses new connections, exits 0",
    async (_name, keepAlive) => {
      const draining = await startServer(database.url);
      // An idle keep-alive connection must not hold the exit up.
      expect((await fetch(`${draining.baseUrl}/api/health`)).status).toBe(200);

      const agent = new http.Agent({ keepAlive });
      const body = '{"data":"EventType"}';
      const inFlight = http.request(`${draining.baseUrl}${LOOKUPS}`, {
        method: "POST",
        agent,
        headers: {
          "x-api-key": key,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          expect: "100-continue",
        },
      });
      const answered = new Promise<{ status?: number; text: string }>((resolve, reject) => {
        inFlight.on("response", (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode, text }));
        });
        inFlight.on("error", reject);
      });
      // 100 Continue: the server has parsed the request and waits for its body.
      const continued = new Promise((resolve) => inFlight.once("continue", resolve));
      inFlight.flushHeaders();
      await continued;

      const exited = exitOf(draining.process);
      draining.process.kill("SIGTERM");
      await vi.waitFor(() => expect(draining.output()).toContain("draining in-flight requests"), {
        timeout: 5_000,
      });

      const refused = await new Promise<string>((resolve) => {
        http
          .get(`${draining.baseUrl}/api/health`, { agent: false }, () => resolve("answered"))
          .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      });
      expect(refused).toBe("ECONNREFUSED");

      inFlight.end(body);
      const answer = await answered;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).data).toContainEqual({
        lookUp: "DELIVERY_REQUEST_SENT",
        translation: expect.any(String),
      });
      try {
        // The drain gives up after 10 s with exit code 1; a clean drain exits 0 right after the answer.
        expect(await exited).toBe(0);
        const lines = jsonLines(draining.output());
        expect(lines).toContainEqual(expect.objectContaining({ msg: "stopped" }));
        expect(lines).not.toContainEqual(expect.objectContaining({ msg: "drain timed out; exiting" }));
      } finally {
        agent.destroy();
        await draining.stop();
      }
    },
    60_000,
  );
});

describe("npm start", () => {
  it("applies the migrations to a brand-new database, then serves Create and View", async () => {
    const database = await createTestDatabase(kind);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // Its own process group, so that npm, the shell and node all get the signal at the end.
    const child = spawn("npm", ["start", "--silent"], {
      cwd: ROOT,
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATABASE_URL: database.url,
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    try {
      await vi.waitFor(
        async () => {
          expect(child.exitCode, output).toBeNull();
          expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
        },
        { timeout: 60_000, interval: 200 },
      );
      const { key } = await seedProvider(database.url);
      const id = `npm-start-${randomUUID()}`;
      const created = await createChannel(baseUrl, key, id);
      expect(created.status).toBe(200);
      expect(JSON.parse(created.text).data).toMatchObject({ providerDeliveryChannelId: id });
      const viewed = await send(baseUrl, { method: "GET", path: `/api/DeliveryChannel/Get/${id}`, key });
      expect(viewed.status).toBe(200);
      expect(JSON.parse(viewed.text).data).toMatchObject({
        providerDeliveryChannelId: id,
        status: "REQUESTED",
      });
      expect(jsonLines(output)).toContainEqual(
        expect.objectContaining({ msg: "applying migrations", database: kind }),
      );
    } finally {
      const exited = exitOf(child);
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
      await database.drop();
    }
  }, 90_000);
});

describe("an unreachable database", () => {
  it.each([
    [
      "a PostgreSQL server that is not there",
      async () => `postgresql://postgres@127.0.0.1:${await freePort()}/portal`,
    ],
    ["an unsupported URL scheme", async () => "mysql://root@127.0.0.1/portal"],
  ])("(%s) fails the start with a clear fatal log line and a non-zero exit", async (_name, url) => {
    const failure = await startServer(await url()).then(
      async (server) => {
        await server.stop();
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^server exited with [1-9]\d*:/);
    const fatal = jsonLines(failure).find((line) => line.msg === "could not start");
    expect(fatal).toMatchObject({ level: 60 });
    expect(JSON.stringify(fatal)).toMatch(/Can't reach database server|DATABASE_URL must start with/);
  });

  if (kind === "postgres") {
    it("lost while running: /api/health answers 503 in the envelope, then 200 once it is back", async () => {
      const base = process.env.TEST_POSTGRES_URL ?? "";
      const role = `dcp_ops_${randomUUID().slice(0, 8)}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      const database = await createTestDatabase("postgres");
      let server: RunningServer | undefined;
      try {
        await admin.query(`CREATE ROLE "${role}" LOGIN SUPERUSER`);
        const url = new URL(database.url);
        url.username = role;
        server = await startServer(url.toString());

        await admin.query(`ALTER ROLE "${role}" NOLOGIN`);
        await admin.query("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE usename = $1", [
          role,
        ]);
        const down = await send(server.baseUrl, { method: "GET", path: "/api/health" });
        expect(down.status).toBe(503);
        expect(down.headers.get("content-type")).toMatch(/^application\/json\b/);
        await admin.query(`ALTER ROLE "${role}" LOGIN`);
        await vi.waitFor(
          async () =>
            expect((await send(server!.baseUrl, { method: "GET", path: "/api/health" })).status).toBe(200),
          { timeout: 10_000, interval: 200 },
        );

        // The contract's failure envelope: status failed, data null, an error object with code 503.
        const envelope = JSON.parse(down.text);
        expect(envelope).toStrictEqual({
          error: {
            guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
            code: 503,
            type: expect.any(String),
            title: expect.any(String),
            message: envelope.error?.message === null ? null : expect.any(String),
          },
          data: null,
          status: "failed",
        });
      } finally {
        await server?.stop();
        await database.drop();
        await admin.query(`DROP ROLE IF EXISTS "${role}"`);
        await admin.end();
      }
    }, 90_000);
  }
});
