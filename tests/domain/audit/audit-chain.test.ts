/**
 * The audit trail's chain on the real database: entries recorded through recordAudit verify whole;
 * `npm run audit:verify` (the real script, in its own process) reports a row edited in the database,
 * a deleted row, and a row edited and rehashed to look whole; and concurrent audited transactions
 * still chain one after another. Tampering is undone after each check (other test files write to
 * the same database at the same time); the deletion of the last row is checked inside a transaction
 * that is rolled back, so no other file ever sees it. The database itself refuses to change or delete
 * an entry (triggers on SQLite, rules on PostgreSQL): to tamper, the test first lifts that guard, as
 * someone with the database's own access could.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Tx } from "@/lib/db";
import { auditHash } from "@/lib/db/audit-chain";
import { auditActions, recordAudit, verifyAuditChain } from "@/lib/domain/audit";
import { systemActor } from "@/lib/domain/permissions";
import { openTestDb } from "../../support/server/test-db";
import { platformActor } from "../../support/users/actors";

const database = openTestDb();
const actor = systemActor("audit-chain-test");

/** Records `count` entries about a fresh subject; returns their rows in chain order. */
async function recordEntries(count: number) {
  const subjectId = randomUUID();
  const { db } = database();
  await db().$transaction(async (tx) => {
    const records = Array.from({ length: count }, (_, index) => ({
      action: "test.recorded",
      subjectType: "AuditChainTest",
      subjectId,
      before: { index },
      after: { index: index + 1, note: 'with "quotes", ünïcödé and a\nnewline' },
    }));
    await recordAudit(tx, actor, records);
  });
  return db().auditEntry.findMany({ where: { subjectId }, orderBy: { seq: "asc" } });
}

type Client = Pick<Tx, "$queryRawUnsafe" | "$executeRawUnsafe">;

/** Drops the append-only guard, runs `tamper`, and puts the guard back as the migration made it. */
async function withoutAppendOnlyGuard<T>(tamper: () => Promise<T>, client: Client = database().db()) {
  const sqlite = inject("databaseKind") === "sqlite";
  const guards = sqlite
    ? await client.$queryRawUnsafe<{ name: string; definition: string }[]>(
        `SELECT name, sql AS definition FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'AuditEntry'`,
      )
    : await client.$queryRawUnsafe<{ name: string; definition: string }[]>(
        `SELECT rulename::text AS name, pg_get_ruledef(oid) AS definition FROM pg_rewrite WHERE ev_class = '"AuditEntry"'::regclass`,
      );
  expect(guards.length).toBeGreaterThan(0);
  for (const guard of guards) {
    await client.$executeRawUnsafe(
      sqlite ? `DROP TRIGGER "${guard.name}"` : `DROP RULE "${guard.name}" ON "AuditEntry"`,
    );
  }
  try {
    return await tamper();
  } finally {
    for (const guard of guards) await client.$executeRawUnsafe(guard.definition.replace(/;\s*$/, ""));
  }
}

function auditVerify() {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/audit-verify.ts"], {
    env: { ...process.env, DATABASE_URL: inject("databaseUrl"), LOG_LEVEL: "error" },
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the audit chain", () => {
  it("the database refuses to change or delete an entry", async () => {
    const [entry] = await recordEntries(1);
    const { db } = database();
    const id = entry!.id.replaceAll("'", "");
    await expect(
      db().$executeRawUnsafe(`UPDATE "AuditEntry" SET "action" = 'test.forged' WHERE "id" = '${id}'`),
    ).rejects.toThrow(/append-only/);
    await expect(db().$executeRawUnsafe(`DELETE FROM "AuditEntry" WHERE "id" = '${id}'`)).rejects.toThrow(
      /append-only/,
    );
    // Through the client the application uses, too (PostgreSQL refuses its UPDATE … RETURNING outright).
    await expect(
      db().auditEntry.update({ where: { id }, data: { action: "test.forged" } }),
    ).rejects.toThrow();
    await expect(db().auditEntry.deleteMany({})).rejects.toThrow();
    expect(await db().auditEntry.findUnique({ where: { id: entry!.id } })).toEqual(entry);
  });

  it("chains recorded entries: each links to the one before and the chain verifies whole", async () => {
    const rows = await recordEntries(3);
    expect(rows.map((row) => row.seq)).toEqual([rows[0]!.seq, rows[0]!.seq + 1, rows[0]!.seq + 2]);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[2]!.prevHash).toBe(rows[1]!.hash);
    expect(rows[0]!.actorType).toBe("system");
    expect(JSON.parse(rows[2]!.after!)).toMatchObject({ index: 3 });
    const report = await verifyAuditChain(database().db());
    expect(report.problems).toEqual([]);
    expect(report.checked).toBeGreaterThanOrEqual(3);
  });

  it("audit:verify reports a row edited in the database, and is whole again once it is restored", async () => {
    const [, middle] = await recordEntries(3);
    const { db } = database();
    await withoutAppendOnlyGuard(async () => {
      await db().auditEntry.update({ where: { id: middle!.id }, data: { after: '{"index":999}' } });
      try {
        const tampered = auditVerify();
        expect(tampered.status).toBe(1);
        expect(tampered.output).toContain(`position ${middle!.seq}: its content does not match its hash`);
      } finally {
        await db().auditEntry.update({ where: { id: middle!.id }, data: { after: middle!.after } });
      }
    });
    const restored = auditVerify();
    expect(restored.output).toMatch(/The chain is whole: head at position \d+, hash [0-9a-f]{64}\./);
    expect(restored.status).toBe(0);
  });

  it("audit:verify reports a deleted row, and a row rehashed after its edit by the next row's link", async () => {
    const [, middle, last] = await recordEntries(3);
    const { db } = database();
    await withoutAppendOnlyGuard(async () => {
      await db().auditEntry.delete({ where: { id: middle!.id } });
      try {
        const deleted = auditVerify();
        expect(deleted.status).toBe(1);
        expect(deleted.output).toContain(
          `position ${middle!.seq}: 1 row(s) missing before position ${last!.seq}`,
        );
      } finally {
        await db().auditEntry.create({ data: middle! });
      }

      // An editor who knows the hash function rewrites the row's hash too: the next row's link breaks.
      const forged = { ...middle!, actorId: "someone-else" };
      await db().auditEntry.update({
        where: { id: middle!.id },
        data: { actorId: forged.actorId, hash: auditHash(forged.prevHash, forged) },
      });
      try {
        const rehashed = auditVerify();
        expect(rehashed.status).toBe(1);
        expect(rehashed.output).toContain(`position ${last!.seq}: does not link to the row before it`);
      } finally {
        await db().auditEntry.update({
          where: { id: middle!.id },
          data: { actorId: middle!.actorId, hash: middle!.hash },
        });
      }
    });
    expect(auditVerify().status).toBe(0);
  });

  it("finds the last row deleted: the head is ahead of the rows", async () => {
    await recordEntries(1);
    const { db } = database();
    const rolledBack = new Error("roll back");
    const report = await db()
      .$transaction(async (tx) => {
        // The head's lock keeps other writers out until the rollback.
        await tx.$executeRawUnsafe('UPDATE "AuditHead" SET "seq" = "seq" WHERE "id" = 1');
        const head = await tx.auditHead.findUniqueOrThrow({ where: { id: 1 } });
        // Dropped and deleted inside the transaction: the rollback brings both back.
        const result = await withoutAppendOnlyGuard(async () => {
          await tx.auditEntry.delete({ where: { seq: head.seq } });
          return verifyAuditChain(tx);
        }, tx);
        throw Object.assign(rolledBack, { result, headSeq: head.seq });
      })
      .catch((error: typeof rolledBack & { result?: unknown; headSeq?: number }) => {
        if (error !== rolledBack) throw error;
        return error as typeof rolledBack & {
          result: Awaited<ReturnType<typeof verifyAuditChain>>;
          headSeq: number;
        };
      });
    expect(report.result.problems).toEqual([
      { seq: report.headSeq, problem: `the last 1 row(s) were deleted (the head is at ${report.headSeq})` },
    ]);
  });

  it("finds a head moved forward to pass chained rows off as written before the chain", async () => {
    await recordEntries(1);
    const { db } = database();
    const rolledBack = new Error("roll back");
    const result = await db()
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe(
          'UPDATE "AuditHead" SET "chainFrom" = "seq", "hash" = \'\' WHERE "id" = 1',
        );
        throw Object.assign(rolledBack, { report: await verifyAuditChain(tx) });
      })
      .catch((error: typeof rolledBack & { report?: Awaited<ReturnType<typeof verifyAuditChain>> }) => {
        if (error !== rolledBack) throw error;
        return error.report!;
      });
    expect(result.checked).toBe(0);
    expect(result.problems).toEqual([
      expect.objectContaining({ problem: expect.stringMatching(/lie before the head's chain start/) }),
    ]);
  });

  it("chains concurrent audited transactions one after another, without gaps or forks", async () => {
    const before = (
      await database()
        .db()
        .auditHead.findUniqueOrThrow({ where: { id: 1 } })
    ).seq;
    const batches = await Promise.all(Array.from({ length: 12 }, () => recordEntries(2)));
    const seqs = batches.flat().map((row) => row.seq);
    expect(new Set(seqs).size).toBe(24);
    expect(Math.min(...seqs)).toBeGreaterThan(before);
    const report = await verifyAuditChain(database().db());
    expect(report.problems).toEqual([]);
  });
});

describe("the audit page's action filter", () => {
  it("offers every action recorded, each once, sorted, read by seeking the action index", async () => {
    const { db } = database();
    const rare = `test.rare-${randomUUID()}`;
    await db().$transaction((tx) =>
      recordAudit(tx, actor, [
        { action: rare, subjectType: "AuditChainTest", subjectId: randomUUID() },
        { action: rare, subjectType: "AuditChainTest", subjectId: randomUUID() },
      ]),
    );
    const expected = (await db().auditEntry.groupBy({ by: ["action"] })).map((row) => row.action).sort();
    const offered = await auditActions(platformActor(["auditor"]));
    expect(offered).toContain(rare);
    // Other files append meanwhile: every action grouped before the read is offered, once.
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered).toEqual(expect.arrayContaining(expected));
    expect(offered).toEqual([...offered].sort());
  });
});
