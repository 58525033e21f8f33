/**
 * A deadlock is retried inside the server, never answered 500 (issue 35, fault 3). The writers lock
 * rows in one order (lib/domain/deliveries/sync-outcomes.ts); this is the net under them: every interactive
 * transaction that PostgreSQL aborts to break a deadlock runs again from its start
 * (lib/db/transaction-journal.ts). Two transactions here lock two rows in opposite orders, each
 * waiting for the other to hold its first row: PostgreSQL must abort one, and both must commit.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { openOwnDatabase } from "../../support/server/own-database";

const database = openOwnDatabase();
const postgresOnly = inject("databaseKind") === "postgres";

describe.runIf(postgresOnly)("a transaction PostgreSQL aborts for a deadlock", () => {
  it("runs again and commits, and so does the one it deadlocked with", async () => {
    const db = database.db();
    const [a, b] = [randomUUID(), randomUUID()];
    await db.provider.createMany({
      data: [
        { id: a, name: "a" },
        { id: b, name: "b" },
      ],
    });
    let runs = 0;
    let holding = 0;
    const bothHoldTheirFirstRow = async () => {
      holding++;
      const deadline = Date.now() + 5_000;
      while (holding < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const lockInOrder = (first: string, second: string, name: string) =>
      db.$transaction(async (tx) => {
        runs++;
        await tx.provider.update({ where: { id: first }, data: { name } });
        await bothHoldTheirFirstRow();
        await tx.provider.update({ where: { id: second }, data: { name } });
        return name;
      });
    const results = await Promise.allSettled([lockInOrder(a, b, "ab"), lockInOrder(b, a, "ba")]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
    // One of them was aborted and ran a second time.
    expect(runs).toBe(3);
    const names = (await db.provider.findMany({ where: { id: { in: [a, b] } } })).map((row) => row.name);
    expect(new Set(names).size).toBe(1);
  });
});
