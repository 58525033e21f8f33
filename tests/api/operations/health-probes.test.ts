/**
 * Alive and ready, apart (issue 34, item 2): liveness answers while the process serves; readiness
 * says whether this instance should get traffic and names each check that fails — a webhook event
 * due too long, a migration of this build the database lacks, a SIGTERM (the instance turns unready
 * at once and stops accepting only after DRAIN_DELAY_SECONDS). On a server and database of the
 * file's own, whose dispatchers are off so that a due event stays due.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { exitOf, jsonLines, seedProvider } from "../../support/server/operations";
import { ownServer } from "../../support/server/own-server";
import { serverPidOf, startServer } from "../../support/server/test-server";

const SETTINGS = { WORKERS_IN_PROCESS: "false", READY_OUTBOX_MAX_AGE_SECONDS: "60", LOG_LEVEL: "warn" };
const own = ownServer(SETTINGS);
const sharedDatabaseUrl = process.env.DATABASE_URL;
let providerId: string;

const probe = async (which: "live" | "ready", baseUrl = own.server().baseUrl) => {
  const response = await fetch(`${baseUrl}/api/health/${which}`);
  const envelope = await response.json();
  return {
    status: response.status,
    cache: response.headers.get("cache-control"),
    data: envelope.data,
    message: envelope.error?.message as string | undefined,
  };
};

/** This process's lib/db, on the server's database. */
async function ownDb() {
  process.env.DATABASE_URL = own.databaseUrl();
  return (await import("../../../lib/db")).db();
}

beforeAll(async () => {
  providerId = (await seedProvider(own.databaseUrl())).id;
});

afterAll(async () => {
  await (await import("../../../lib/db")).disconnectDb();
  process.env.DATABASE_URL = sharedDatabaseUrl;
});

describe("GET /api/health/live and /api/health/ready", () => {
  it("live answers while the process serves, and is never cached", async () => {
    expect(await probe("live")).toEqual({
      status: 200,
      cache: "no-store",
      data: { alive: true },
      message: undefined,
    });
  });

  it("ready answers 200 with each check's finding when all hold", async () => {
    const ready = await probe("ready");
    expect(ready.status).toBe(200);
    expect(ready.cache).toBe("no-store");
    expect(ready.data).toEqual({
      ready: true,
      checks: {
        draining: false,
        database: "up",
        migrations: "all applied",
        signals: "up",
        outbox: "oldest due event waited 0 s of 60",
      },
    });
  });

  it("a webhook event due for longer than READY_OUTBOX_MAX_AGE_SECONDS makes it unready, naming the outbox", async () => {
    const db = await ownDb();
    const event = await db.outboxEvent.create({
      data: {
        providerId,
        eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
        payload: "{}",
        nextAttemptAt: new Date(Date.now() - 120_000),
      },
    });
    const unready = await probe("ready");
    expect(unready.status).toBe(503);
    expect(unready.message).toMatch(
      /^Not ready: outbox: the oldest due webhook event has waited 1[23]\d s \(READY_OUTBOX_MAX_AGE_SECONDS=60\)\.$/,
    );
    expect((await probe("live")).status).toBe(200);
    // Unready is a state the instance reports, not a fault: probed every few seconds, it is logged as
    // a warning naming the checks, never as an error line an alert would page someone for.
    const lines = jsonLines(own.server().output()).filter((line) => line.path === "/api/health/ready");
    expect(lines.filter((line) => line.status === 503).map((line) => line.level)).toContain(40);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    // An event due within the limit is no reason; delivered, none is.
    await db.outboxEvent.update({
      where: { id: event.id },
      data: { nextAttemptAt: new Date(Date.now() - 30_000) },
    });
    expect((await probe("ready")).status).toBe(200);
    await db.outboxEvent.update({ where: { id: event.id }, data: { state: "DELIVERED" } });
    expect((await probe("ready")).data.checks.outbox).toBe("oldest due event waited 0 s of 60");
  });

  it("a migration of this build the database has not applied makes it unready, naming it", async () => {
    const db = await ownDb();
    const [newest] = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      "SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1",
    );
    const name = newest!.migration_name;
    await db.$executeRawUnsafe(
      `UPDATE _prisma_migrations SET rolled_back_at = finished_at WHERE migration_name = '${name}'`,
    );
    try {
      const unready = await probe("ready");
      expect(unready.status).toBe(503);
      expect(unready.message).toBe(`Not ready: migrations: 1 not applied (${name}).`);
    } finally {
      await db.$executeRawUnsafe(
        `UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = '${name}'`,
      );
    }
    expect((await probe("ready")).status).toBe(200);
  });

  it.runIf(inject("databaseKind") === "postgres")(
    "on PostgreSQL, a cut signal connection makes it unready until it listens again",
    async () => {
      const db = await ownDb();
      const name = `dcp-signals ${serverPidOf(own.server())}`;
      await db.$queryRawUnsafe(
        `SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity WHERE application_name = '${name}'`,
      );
      const unready = await vi.waitFor(
        async () => {
          const answer = await probe("ready");
          expect(answer.status).toBe(503);
          return answer;
        },
        { timeout: 900, interval: 20 },
      );
      expect(unready.message).toBe("Not ready: signals: the PostgreSQL LISTEN connection is not up.");
      await vi.waitFor(async () => expect((await probe("ready")).status).toBe(200), { timeout: 5_000 });
    },
  );

  it("on SIGTERM it is unready at once, alive and serving for DRAIN_DELAY_SECONDS, then stops accepting and exits 0", async () => {
    const draining = await startServer(own.databaseUrl(), "production", {
      ...SETTINGS,
      DRAIN_DELAY_SECONDS: "3",
    });
    expect((await probe("ready", draining.baseUrl)).status).toBe(200);
    const exited = exitOf(draining.process);
    draining.process.kill("SIGTERM");
    // Unready within moments of the signal (the supervisor hands it on), long before the 3 s are up.
    const unready = await vi.waitFor(
      async () => {
        const answer = await probe("ready", draining.baseUrl);
        expect(answer.status).toBe(503);
        return answer;
      },
      { timeout: 2_000, interval: 50 },
    );
    expect(unready.message).toBe("Not ready: draining: the server is stopping (DRAIN_DELAY_SECONDS=3).");
    expect((await probe("live", draining.baseUrl)).status).toBe(200);
    expect(await exited).toBe(0);
    const refused = await new Promise<string>((resolve) => {
      http
        .get(`${draining.baseUrl}/api/health/live`, { agent: false }, () => resolve("answered"))
        .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  }, 60_000);
});
