/**
 * Issue 16: an event's payload is the last column of its row on SQLite. SQLite stores columns in
 * order and spills a large value onto a chain of overflow pages, so any column stored after the
 * payload is read by walking that chain: the delivery logs, which never read the payload, walked
 * ~350 pages per send event (migration 20261125100000_event_payload_last). A later migration that
 * adds a column with ALTER TABLE appends it after the payload, and fails here. PostgreSQL stores a
 * large value out of line (TOAST), whatever its column's position.
 */
import { expect, inject, it } from "vitest";
import { openTestDb } from "../../support/server/test-db";

const database = openTestDb();

it("stores the event payload after every column the delivery logs read", async () => {
  if (inject("databaseKind") === "sqlite") {
    const columns = await database()
      .db()
      .$queryRawUnsafe<{ name: string }[]>(
        `SELECT "name" FROM pragma_table_info('OutboxEvent') ORDER BY "cid"`,
      );
    expect(columns.length).toBeGreaterThan(10);
    expect(columns.at(-1)?.name).toBe("payload");
    return;
  }
  const [column] = await database()
    .db()
    .$queryRawUnsafe<{ storage: string }[]>(
      `SELECT "attstorage"::text AS "storage" FROM pg_attribute WHERE "attrelid" = '"OutboxEvent"'::regclass AND "attname" = 'payload'`,
    );
  expect(column?.storage).toBe("x");
});
