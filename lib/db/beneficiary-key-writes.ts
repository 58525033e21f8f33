/**
 * New beneficiary data keys, inserted in the caller's transaction (a send's): one multi-row
 * statement per batch, `ON CONFLICT ("liveRef") DO NOTHING`, so two sends naming the same new
 * beneficiary at once both succeed and the later one reads the key the first wrote. The rows go in
 * ref order, so two sends inserting overlapping sets on PostgreSQL wait on each other in one order
 * and never deadlock.
 */
import { databaseKind } from "../config";
import { sqliteTime } from "./sqlite-time";

interface RawWrites {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export interface NewBeneficiaryKeyRow {
  id: string;
  ref: string;
  wrappedKey: string;
}

/** 4 values per row: well under SQLite's 999. */
const ROWS_PER_STATEMENT = 200;

/** Inserts the rows no concurrent send inserted first; how many it inserted. */
export async function insertBeneficiaryKeys(tx: RawWrites, rows: NewBeneficiaryKeyRow[]): Promise<number> {
  let inserted = 0;
  const sorted = [...rows].sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  const now = new Date();
  for (let start = 0; start < sorted.length; start += ROWS_PER_STATEMENT) {
    const batch = sorted.slice(start, start + ROWS_PER_STATEMENT);
    if (databaseKind() === "sqlite") {
      inserted += await tx.$executeRawUnsafe(
        `INSERT INTO "BeneficiaryKey" ("id", "ref", "liveRef", "wrappedKey", "createdAt") VALUES ${batch
          .map(() => "(?, ?, ?, ?, ?)")
          .join(", ")} ON CONFLICT ("liveRef") DO NOTHING`,
        ...batch.flatMap((row) => [row.id, row.ref, row.ref, row.wrappedKey, sqliteTime(now)]),
      );
    } else {
      inserted += await tx.$executeRawUnsafe(
        `INSERT INTO "BeneficiaryKey" ("id", "ref", "liveRef", "wrappedKey", "createdAt")
         SELECT id, ref, ref, wrapped, $1::timestamp FROM unnest($2::text[], $3::text[], $4::text[]) AS t(id, ref, wrapped)
         ORDER BY ref ON CONFLICT ("liveRef") DO NOTHING`,
        now.toISOString(),
        batch.map((row) => row.id),
        batch.map((row) => row.ref),
        batch.map((row) => row.wrappedKey),
      );
    }
  }
  return inserted;
}
