/**
 * SQLite with several processes on one file (the server, `npm run worker`, the CLIs): a transaction
 * that reads and then writes must not fail because another connection committed in between. In WAL
 * mode a deferred transaction's first write after such a commit is refused at once (SQLITE_BUSY,
 * "snapshot"), whatever the busy timeout; Prisma reported it as "Operation has timed out". The other
 * connection here stands for the other process: a real libsql connection on the same file.
 */
import Database from "libsql";
import { describe, expect, inject, it } from "vitest";
import { openOwnDatabase } from "../../support/server/own-database";

const database = openOwnDatabase();
const sqliteOnly = inject("databaseKind") === "sqlite";

/** A second connection to the database file that never waits for a lock (as another process would fail fast). */
function otherProcess() {
  const file = new URL(database.url()).pathname;
  const connection = new Database(file);
  connection.exec("PRAGMA busy_timeout = 0");
  // One statement, run again after a refusal: a refused statement left unreset would keep its snapshot.
  const insert = connection.prepare(`INSERT INTO "Provider" ("id", "name", "createdAt") VALUES (?, ?, ?)`);
  return {
    addProvider(name: string): "committed" | "busy" {
      try {
        insert.run(crypto.randomUUID(), name, new Date().toISOString());
        return "committed";
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return "busy";
        throw error;
      }
    },
    close: () => connection.close(),
  };
}

describe.runIf(sqliteOnly)("SQLite transactions beside another process", () => {
  it("a read-then-write transaction commits although the other process tried to write in between", async () => {
    const other = otherProcess();
    try {
      let outcomeInside = "";
      await database.db().$transaction(async (tx) => {
        await tx.provider.findMany({ take: 1 });
        outcomeInside = other.addProvider("written by the other process");
        await tx.provider.create({ data: { name: "written in the transaction" } });
      });
      // The transaction held the write lock from its start, so the other process waited its turn.
      expect(outcomeInside).toBe("busy");
      expect(other.addProvider("written by the other process")).toBe("committed");
      const names = (await database.db().provider.findMany()).map((provider) => provider.name).sort();
      expect(names).toEqual(["written by the other process", "written in the transaction"]);
    } finally {
      other.close();
    }
  });
});
