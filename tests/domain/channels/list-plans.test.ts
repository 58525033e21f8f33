/**
 * Issue 16: each channel list's order (its time, then id: lib/domain/channels/channel-lists.ts and review.ts)
 * comes from an index, so a page is the first rows of an index range. With the time alone indexed,
 * both databases sorted every group of rows written at one instant before answering a page (a batch
 * of creates or decisions: 2,000 rows in bench:scale). Asserted on the plans, never on timings:
 * SQLite with its planner statistics as migrated; PostgreSQL with sorting and sequential scans
 * priced out, so that a plan without a sort exists exactly when an index gives the order.
 */
import { expect, inject, it } from "vitest";
import { openTestDb } from "../../support/server/test-db";

const database = openTestDb();

const LISTS = {
  "a provider's channels": `"Channel" WHERE "providerId" = 'p' ORDER BY "updatedAt" DESC, "id" DESC`,
  "the console's channels": `"Channel" WHERE "sandbox" = false ORDER BY "updatedAt" DESC, "id" DESC`,
  "channels by status": `"Channel" WHERE "sandbox" = false AND "status" = 'ONLINE' ORDER BY "updatedAt" DESC, "id" DESC`,
  "channels by approval": `"Channel" WHERE "sandbox" = false AND "isApproved" = true ORDER BY "updatedAt" DESC, "id" DESC`,
  "the review queue": `"ChannelRequest" WHERE "sandbox" = false AND "state" = 'PENDING' ORDER BY "requestedAt" ASC, "id" ASC`,
  "every request": `"ChannelRequest" WHERE "sandbox" = false ORDER BY "requestedAt" DESC, "id" DESC`,
  "rejected channels": `"Channel" WHERE "sandbox" = false AND "rejectionReason" IS NOT NULL ORDER BY "updatedAt" DESC, "id" DESC`,
  "a country's channels (lib/domain/channels/filters.ts)": `"ChannelTag" WHERE "tag" IN ('supported:BG', 'supported:*')`,
  "the channels a criterion may allow (lib/domain/channels/eligible-channels.ts)": `"EligibilityTag" WHERE "tag" IN ('country+MD', 'country+*')`,
  "a budget's burn-down probe (lib/domain/budgets/burn-down.ts)": `"BudgetMovement" WHERE "accountId" = 'a' AND "at" <= '2026-11-26' ORDER BY "at" DESC, "id" DESC`,
  "a person's inbox (lib/domain/notifications/inbox.ts)": `"Notification" WHERE "userId" = 'u' ORDER BY "createdAt" DESC, "id" DESC`,
  "a person's unread notifications (the inbox badge)": `"Notification" WHERE "userId" = 'u' AND "createdAt" > '2026-11-26' ORDER BY "createdAt" DESC, "id" DESC`,
};

/** The plan of a page's read (the next page's cursor adds a range on the same index). */
async function planOf(list: string): Promise<string> {
  const query = `SELECT 1 FROM ${list} LIMIT 51`;
  if (inject("databaseKind") === "sqlite") {
    const rows = await database().db().$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${query}`);
    return rows.map((row) => row.detail).join("\n");
  }
  return database()
    .db()
    .$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_incremental_sort = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${query}`);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
}

it.each(Object.entries(LISTS))("reads %s in its order from an index, sorting nothing", async (_, list) => {
  const plan = await planOf(list);
  expect(plan).toMatch(/INDEX|Index/);
  expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
});

/**
 * The review queue's and the request list's provider and kind filters (review.ts, request-list.ts)
 * read an index range of their own: the filter's column is a condition of the index, not a check of
 * each row read (a provider with nothing pending read every pending request).
 */
const FILTERED = {
  "the queue by provider": [
    `"sandbox" = false AND "providerId" = 'p' AND "state" = 'PENDING' ORDER BY "requestedAt" ASC, "id" ASC`,
    "providerId",
  ],
  "every request by provider": [
    `"sandbox" = false AND "providerId" = 'p' ORDER BY "requestedAt" DESC, "id" DESC`,
    "providerId",
  ],
  "the queue by kind": [
    `"sandbox" = false AND "state" = 'PENDING' AND "kind" = 'UPDATE' ORDER BY "requestedAt" ASC, "id" ASC`,
    "kind",
  ],
  "every request by kind": [
    `"sandbox" = false AND "kind" = 'UPDATE' ORDER BY "requestedAt" DESC, "id" DESC`,
    "kind",
  ],
} as const;

it.each(Object.entries(FILTERED))(
  "reads %s from an index on the filter, sorting nothing",
  async (_, [where, column]) => {
    const plan = await planOf(`"ChannelRequest" WHERE ${where}`);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
    const condition =
      inject("databaseKind") === "sqlite" ? /USING (COVERING )?INDEX [^(]*\(([^)]*)\)/ : /Index Cond: (.*)/;
    expect(condition.exec(plan)?.at(-1), plan).toContain(column);
  },
);
