/**
 * Deliveries reported delivered whole, marked in one statement per batch instead of one per delivery
 * (issue 32): an upload of a provider's statement applies 100,000 outcomes through Sync's code path,
 * and at one conditional UPDATE each it took over two minutes (bench:scale). Each row is marked only if
 * nothing counted it yet (not delivered, not reverted), as the per-row update does, and the statement
 * answers the rows it marked (RETURNING), so the caller moves the money of those and no other. Rows
 * are written as Prisma writes them (DateTime as ISO text with +00:00 on SQLite, updatedAt set). The
 * ids travel as one bound value (a JSON array on SQLite, an array on PostgreSQL), as bulk-insert's
 * rows do: a statement of 900 placeholders was prepared afresh for each 900 ids.
 */
import { databaseKind } from "../config";
import type { RawReads } from "./raw-chunks";
import { sqliteTime } from "./sqlite-time";

const IDS_PER_STATEMENT = 5000;

const SQLITE_UPDATE = `UPDATE "Delivery"
  SET "status" = ?1, "deliveredAt" = ?2, "deliveredAmountMinor" = "amountMinor", "updatedAt" = ?2
  WHERE "id" IN (SELECT "value" FROM json_each(?3)) AND "deliveredAt" IS NULL AND "revertedAt" IS NULL
  RETURNING "id"`;
const POSTGRES_UPDATE = `UPDATE "Delivery"
  SET "status" = $1, "deliveredAt" = $2::timestamp, "deliveredAmountMinor" = "amountMinor", "updatedAt" = $2::timestamp
  WHERE "id" = ANY($3::text[]) AND "deliveredAt" IS NULL AND "revertedAt" IS NULL
  RETURNING "id"`;

/** Marks `ids` delivered whole with `status` at `at`, each only if not counted yet; answers the ids it marked. */
export async function markDeliveredWhole(
  tx: RawReads,
  ids: string[],
  status: string,
  at: Date,
): Promise<Set<string>> {
  const marked = new Set<string>();
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const batch = ids.slice(start, start + IDS_PER_STATEMENT);
    const rows =
      databaseKind() === "sqlite"
        ? await tx.$queryRawUnsafe<Array<{ id: string }>>(
            SQLITE_UPDATE,
            status,
            sqliteTime(at),
            JSON.stringify(batch),
          )
        : await tx.$queryRawUnsafe<Array<{ id: string }>>(POSTGRES_UPDATE, status, at.toISOString(), batch);
    for (const { id } of rows) marked.add(id);
  }
  return marked;
}
