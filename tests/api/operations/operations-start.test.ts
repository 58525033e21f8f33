/**
 * Starting the server, with processes of this file's own: `npm start` migrates a brand-new database;
 * an unreachable database fails the start loudly, and (PostgreSQL) a database lost while running
 * turns /api/health to 503 until it is back.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it, vi } from "vitest";
import { createChannel, exitOf, jsonLines, seedProvider, send } from "../../support/server/operations";
import {
  createTestDatabase,
  freePort,
  ROOT,
  type RunningServer,
  startServer,
} from "../../support/server/test-server";

const kind = inject("databaseKind");

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
      expect(jsonLines(output)).toContainEqual(
        expect.objectContaining({ msg: "migrations ready", migrations: "applied" }),
      );
    } finally {
      const exited = exitOf(child);
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
    }
    // Started again on the same database, it finds nothing pending and starts no migration CLI.
    const again = await startServer(database.url);
    try {
      expect(jsonLines(again.output())).toContainEqual(
        expect.objectContaining({ msg: "migrations ready", migrations: "up to date" }),
      );
      const { key } = await seedProvider(database.url);
      expect((await createChannel(again.baseUrl, key, `again-${randomUUID()}`)).status).toBe(200);
    } finally {
      await again.stop();
      await database.drop();
    }
  }, 120_000);
});

describe("an unreachable database", () => {
  it.each([
    [
      "a PostgreSQL server that is not there",
      async () => `postgresql://postgres@127.0.0.1:${await freePort()}/portal`,
    ],
    ["an unsupported URL scheme", async () => "mysql://root@127.0.0.1/portal"],
  ])(
    "(%s) fails the start with a clear fatal log line and a non-zero exit",
    async (_name, url) => {
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
      // The supervisor retries an unreachable database five times with backoff (~8 s of waiting plus
      // five starts): more than the default 30 s on a loaded two-core machine.
    },
    90_000,
  );

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
