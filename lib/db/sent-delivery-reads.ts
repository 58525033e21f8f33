/**
 * The deliveries a Delivery/Sync report names, with what moving their money needs of their request
 * (lib/domain/deliveries/sync-outcomes.ts), in one joined query per few thousand ids. Prisma's nested
 * read made four queries a chunk of 499 ids and built every row through its query compiler: 6.5 of
 * the 30 s an upload took to apply 100,000 outcomes (bench:scale). Only the provider's deliveries of
 * requests it was sent come back. On SQLite the ids lead the join (CROSS JOIN fixes SQLite's order):
 * left to its planner, a filter on the request and channel started from the provider's requests
 * and read all of their deliveries.
 */
import { queryInChunks, type RawReads, SENT_TO_PROVIDER } from "./raw-chunks";

/** A reported delivery as the report's code reads it (the shape Prisma's nested read gave). */
export interface SentDelivery {
  id: string;
  status: string;
  amountMinor: bigint;
  deliveryRequestId: string;
  deliveryRequest: {
    programId: string;
    channelId: string;
    budgetAccountId: string;
    unit: string;
    program: { budget: { id: string } | null };
  };
}

/** What moving a delivery's money needs of its request `r` (and its program's budget `b`, PROGRAM_BUDGET). */
export const REQUEST_COLUMNS = `d."deliveryRequestId", r."programId", r."channelId", r."budgetAccountId",
  r."unit", b."id" AS "programBudgetId"`;
export const PROGRAM_BUDGET = `LEFT JOIN "BudgetAccount" b ON b."programId" = r."programId"`;
const COLUMNS = `d."id", d."status", CAST(d."amountMinor" AS TEXT) AS "amountMinor", ${REQUEST_COLUMNS}`;

const READ = {
  sqlite: `SELECT ${COLUMNS}
    FROM json_each(?) ids CROSS JOIN "Delivery" d ON d."id" = ids."value"
    CROSS JOIN "DeliveryRequest" r ON r."id" = d."deliveryRequestId" ${PROGRAM_BUDGET}
    ${SENT_TO_PROVIDER} = ?`,
  postgres: `SELECT ${COLUMNS}
    FROM "Delivery" d JOIN "DeliveryRequest" r ON r."id" = d."deliveryRequestId" ${PROGRAM_BUDGET}
    ${SENT_TO_PROVIDER} = $2 AND d."id" = ANY($1::text[])`,
};

/** REQUEST_COLUMNS as a row holds them. */
export interface RequestColumns {
  deliveryRequestId: string;
  programId: string;
  channelId: string;
  budgetAccountId: string;
  unit: string;
  programBudgetId: string | null;
}

interface Row extends RequestColumns {
  id: string;
  status: string;
  amountMinor: string;
}

/** A SentDelivery's request fields from a row's REQUEST_COLUMNS. */
export const requestOf = (
  row: RequestColumns,
): Pick<SentDelivery, "deliveryRequestId" | "deliveryRequest"> => ({
  deliveryRequestId: row.deliveryRequestId,
  deliveryRequest: {
    programId: row.programId,
    channelId: row.channelId,
    budgetAccountId: row.budgetAccountId,
    unit: row.unit,
    program: { budget: row.programBudgetId === null ? null : { id: row.programBudgetId } },
  },
});

/** The deliveries of `ids` sent to `providerId` (a request in state SENT), by id; others are absent. */
export async function readSentDeliveries(
  tx: RawReads,
  providerId: string,
  ids: readonly string[],
): Promise<Map<string, SentDelivery>> {
  const found = new Map<string, SentDelivery>();
  for (const row of await queryInChunks<Row>(tx, READ, ids, providerId))
    found.set(row.id, {
      id: row.id,
      status: row.status,
      amountMinor: BigInt(row.amountMinor),
      ...requestOf(row),
    });
  return found;
}
