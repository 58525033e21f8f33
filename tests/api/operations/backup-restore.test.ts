/**
 * `npm run backup` / `npm run restore` (issue 34, item 5), over real processes on both databases: a
 * backup taken while two clients keep creating channels through the API restores into a new
 * database, a server started on it is ready, `audit:verify` passes there, every write acknowledged
 * before the backup began is there, and each client's writes are there up to one point and not
 * after it (a snapshot, not a copy torn mid-write). A restore refuses a database that is not empty
 * unless --force, which replaces it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createChannel, send } from "../../support/server/operations";
import { ownServer } from "../../support/server/own-server";
import { runScript } from "../../support/server/run-script";
import {
  createTestDatabase,
  type RunningServer,
  startServer,
  type TestDatabase,
} from "../../support/server/test-server";

const kind = inject("databaseKind");
const SETTINGS = { LOG_LEVEL: "warn" };
const own = ownServer(SETTINGS);
const folder = mkdtempSync(path.join(tmpdir(), "dcp-backup-test-"));
const backupFile = path.join(folder, "portal.backup");
let key: string;
let target: TestDatabase | undefined;
let restored: RunningServer | undefined;

/** A new, empty database: on PostgreSQL a database of its own (not a schema), with the source's schema name. */
async function newDatabase(): Promise<TestDatabase> {
  if (kind === "sqlite") return createTestDatabase("sqlite");
  const base = process.env.TEST_POSTGRES_URL ?? "";
  const name = `restore_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(own.databaseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

interface Write {
  id: string;
  status: number;
  sentAt: number;
  acknowledgedAt: number;
}

/** A client creating channels one after another until told to stop; each write as it was answered. */
function writer(name: string, baseUrl: string) {
  const writes: Write[] = [];
  let stopping = false;
  const done = (async () => {
    for (let n = 0; !stopping; n++) {
      const id = `${name}-${n}`;
      const sentAt = Date.now();
      const { status } = await createChannel(baseUrl, key, id);
      writes.push({ id, status, sentAt, acknowledgedAt: Date.now() });
    }
  })();
  const stop = () => {
    stopping = true;
    return done;
  };
  return { writes, stop };
}

const present = async (baseUrl: string, id: string) =>
  (await send(baseUrl, { method: "GET", path: `/api/DeliveryChannel/Get/${id}`, key })).status === 200;

const ready = async (server: RunningServer) => (await fetch(`${server.baseUrl}/api/health/ready`)).status;

beforeAll(async () => {
  const provider = await runScript("provider-create.ts", ["--name", "Backed-up Payouts"], own.databaseUrl());
  expect(provider.status, provider.stderr).toBe(0);
  key = provider.lines.at(-1) ?? "";
  target = await newDatabase();
}, 60_000);

afterAll(async () => {
  await restored?.stop();
  await target?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe("npm run backup and npm run restore", () => {
  it("a backup under write load restores into a new database that is ready, whose audit chain is whole, with every write acknowledged before it began", async () => {
    const baseUrl = own.server().baseUrl;
    const writers = [writer("load-a", baseUrl), writer("load-b", baseUrl)];
    // Some writes first, so that the backup has acknowledged writes to keep.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const backupBegan = Date.now();
    const backup = await runScript("backup.ts", [backupFile], own.databaseUrl());
    const backupEnded = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(writers.map((each) => each.stop()));
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up .+ to .+portal\.backup/);

    const writes = writers.flatMap((each) => each.writes);
    // The writes went on while the backup ran: it is online.
    expect(writes.every((write) => write.status === 200)).toBe(true);
    expect(
      writes.filter((w) => w.acknowledgedAt > backupBegan && w.acknowledgedAt < backupEnded).length,
    ).toBeGreaterThan(0);
    const before = writes.filter((write) => write.acknowledgedAt < backupBegan);
    expect(before.length).toBeGreaterThan(0);

    const restore = await runScript("restore.ts", [backupFile], target!.url);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain("Restored");
    restored = await startServer(target!.url, "production", SETTINGS);
    expect(await ready(restored)).toBe(200);
    const verify = await runScript("audit-verify.ts", [], target!.url);
    expect(verify.status, verify.stderr).toBe(0);
    expect(verify.stdout).toContain("The chain is whole");

    for (const write of before) expect(await present(restored.baseUrl, write.id), write.id).toBe(true);
    // …and none sent after it ended: the restored database is the backup, not a copy of the live one.
    const after = writes.filter((write) => write.sentAt > backupEnded);
    expect(after.length).toBeGreaterThan(0);
    for (const write of after) expect(await present(restored.baseUrl, write.id), write.id).toBe(false);
    // Each client wrote one after another, so a snapshot holds each one's writes up to a point, none after.
    for (const { writes: mine } of writers) {
      const held = await Promise.all(mine.map((write) => present(restored!.baseUrl, write.id)));
      expect(held).toEqual([...held].sort((a, b) => Number(b) - Number(a)));
    }
  }, 180_000);

  it("refuses to restore into a database that is not empty, and with --force replaces it", async () => {
    const server = restored!;
    const created = await createChannel(server.baseUrl, key, "made-after-the-restore");
    expect(created.status).toBe(200);
    await server.stop();

    const refused = await runScript("restore.ts", [backupFile], target!.url);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /Could not restore the database: .+ is not empty \(\d+ tables\).+add --force/,
    );

    const forced = await runScript("restore.ts", [backupFile, "--force"], target!.url);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/it replaced .*\d+ tables/);
    restored = await startServer(target!.url, "production", SETTINGS);
    expect(await ready(restored)).toBe(200);
    expect(await present(restored.baseUrl, "made-after-the-restore")).toBe(false);
    expect(await present(restored.baseUrl, "load-a-0")).toBe(true);
    expect((await runScript("audit-verify.ts", [], target!.url)).status).toBe(0);
  }, 120_000);

  it("says what is wrong: usage (exit 2), an existing backup file, a file that is no backup (exit 1)", async () => {
    const notABackup = path.join(folder, "not-a-backup");
    writeFileSync(notABackup, "hello");
    const [noFile, twoFiles, existing, garbage] = await Promise.all([
      runScript("backup.ts", [], own.databaseUrl()),
      runScript("restore.ts", ["a", "b"], target!.url),
      runScript("backup.ts", [backupFile], own.databaseUrl()),
      runScript("restore.ts", [notABackup, "--force"], target!.url),
    ]);
    expect(noFile).toMatchObject({ status: 2, stdout: "" });
    expect(noFile.stderr).toContain("Usage: npm run backup -- <backup file>");
    expect(twoFiles.status).toBe(2);
    expect(twoFiles.stderr).toContain("Usage: npm run restore -- <backup file> [--force]");
    expect(existing.status).toBe(1);
    expect(existing.stderr).toContain(`Could not back up the database: ${backupFile} already exists`);
    expect(garbage.status).toBe(1);
    expect(garbage.stderr).toMatch(/^Could not restore the database: /);
    // The database it refused to restore into is as it was.
    expect(await ready(restored!)).toBe(200);
  }, 60_000);

  it.runIf(kind === "postgres")("says so when PostgreSQL's client tools are not installed", async () => {
    const run = await runScript("backup.ts", [path.join(folder, "never")], own.databaseUrl(), {
      PATH: "/nonexistent",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("pg_dump was not found on PATH: install PostgreSQL's client tools");
  });
});
