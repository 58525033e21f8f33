/**
 * A send's deliveries, inserted in the send's transaction with multi-row statements of a bounded
 * number of rows. Through Prisma, `createMany` of 10,000 rows built its whole query at once: 40 MB
 * of heap and over 100 MB outside it for one send (npm run bench:sends), which is what ran the server
 * out of memory when two arrived together (issue 35). Here each statement carries at most
 * ROWS_PER_STATEMENT rows, so what one insert holds does not grow with the send. The rows are what
 * Prisma would write (DateTime as ISO text with +00:00 on SQLite; status at its default).
 */
import { databaseKind } from "../config";
import { sqliteTime } from "./sqlite-time";

/** The caller's transaction, as far as this needs it (lib/db/index.ts's Tx). */
interface RawWrites {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export interface NewDeliveryRow {
  id: string;
  /** Sealed with the beneficiary's data key (lib/domain/beneficiary-data). */
  beneficiaryId: string;
  beneficiaryRef: string;
  amountMinor: bigint;
  /** JSON of the option pairs, as Delivery.options stores them. */
  options: string;
}

/** SQLite binds at most 999 values per statement (7 per row); PostgreSQL's unnest takes arrays. */
const ROWS_PER_STATEMENT = { sqlite: 140, postgres: 1000 };
const COLUMNS = `"id", "deliveryRequestId", "beneficiaryId", "beneficiaryRef", "amountMinor", "options", "status", "updatedAt"`;

const SQLITE_ROW = "(?, ?, ?, ?, ?, ?, 'DELIVERY_PENDING', ?)";
const POSTGRES_INSERT = `INSERT INTO "Delivery" (${COLUMNS})
  SELECT id, $1, beneficiary, ref, amount::bigint, options, 'DELIVERY_PENDING', $2::timestamp
  FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS t(id, beneficiary, ref, amount, options)`;

/** Inserts `rows` of one delivery request in the caller's transaction, a bounded batch at a time. */
export async function insertDeliveryRows(tx: RawWrites, deliveryRequestId: string, rows: NewDeliveryRow[]) {
  const now = new Date();
  const size = ROWS_PER_STATEMENT[databaseKind()];
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    if (databaseKind() === "sqlite") {
      const at = sqliteTime(now);
      await tx.$executeRawUnsafe(
        `INSERT INTO "Delivery" (${COLUMNS}) VALUES ${batch.map(() => SQLITE_ROW).join(", ")}`,
        ...batch.flatMap((row) => [
          row.id,
          deliveryRequestId,
          row.beneficiaryId,
          row.beneficiaryRef,
          row.amountMinor,
          row.options,
          at,
        ]),
      );
    } else {
      await tx.$executeRawUnsafe(
        POSTGRES_INSERT,
        deliveryRequestId,
        now.toISOString(),
        batch.map((row) => row.id),
        batch.map((row) => row.beneficiaryId),
        batch.map((row) => row.beneficiaryRef),
        batch.map((row) => row.amountMinor.toString()),
        batch.map((row) => row.options),
      );
    }
  }
}
