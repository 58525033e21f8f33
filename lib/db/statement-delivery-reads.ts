/**
 * What an upload of a provider's statement reads of our deliveries (lib/domain/reconciliation/
 * statement-reads.ts): those its lines name, by our id or the provider's reference, and the ids of
 * those sent in its period. One joined query per few thousand values and flat rows: Prisma's nested
 * reads, 499 values a query, took 7 of the 28 s an upload of 100,000 lines took (bench:scale). Only
 * the provider's deliveries of requests it was sent come back. On SQLite the values lead the join
 * (CROSS JOIN fixes its order), so each is one index seek.
 */
import { queryInChunks, type RawReads, SENT_TO_PROVIDER } from "./raw-chunks";
import {
  PROGRAM_BUDGET,
  REQUEST_COLUMNS,
  type RequestColumns,
  requestOf,
  type SentDelivery,
} from "./sent-delivery-reads";

/**
 * A delivery as a statement's line is matched against it; a SentDelivery too, so the upload hands
 * what it read to Sync's code path instead of Sync reading it again (that second read was 1.5 s of a
 * 100,000-line upload in a profile; the whole upload's gain is within its runs' noise).
 */
export interface StatementDelivery extends SentDelivery {
  unit: string;
  providerDeliveryId: string | null;
  deliveredAmountMinor: bigint | null;
  delivered: boolean;
  reverted: boolean;
  refundRequested: boolean;
}

const COLUMNS = `d."id", CAST(d."amountMinor" AS TEXT) AS "amountMinor", d."status", ${REQUEST_COLUMNS},
  d."providerDeliveryId", CAST(d."deliveredAmountMinor" AS TEXT) AS "deliveredAmountMinor",
  CASE WHEN d."deliveredAt" IS NULL THEN 0 ELSE 1 END AS "delivered",
  CASE WHEN d."revertedAt" IS NULL THEN 0 ELSE 1 END AS "reverted",
  CASE WHEN d."refundRequestedAt" IS NULL THEN 0 ELSE 1 END AS "refundRequested"`;
/** By our id, or by the provider's reference (its partial index holds only rows that have one). */
const BY = {
  id: `d."id" = k."value"`,
  providerDeliveryId: `d."providerDeliveryId" = k."value" AND d."providerDeliveryId" IS NOT NULL`,
};
const sqliteRead = (by: keyof typeof BY) => `SELECT ${COLUMNS}
  FROM json_each(?) k CROSS JOIN "Delivery" d ON ${BY[by]}
  CROSS JOIN "DeliveryRequest" r ON r."id" = d."deliveryRequestId" ${PROGRAM_BUDGET}
  ${SENT_TO_PROVIDER} = ?`;
const postgresRead = (by: keyof typeof BY) => `SELECT ${COLUMNS}
  FROM unnest($1::text[]) k("value") JOIN "Delivery" d ON ${BY[by]}
  JOIN "DeliveryRequest" r ON r."id" = d."deliveryRequestId" ${PROGRAM_BUDGET} ${SENT_TO_PROVIDER} = $2`;

interface Row extends RequestColumns {
  id: string;
  amountMinor: string;
  status: string;
  providerDeliveryId: string | null;
  deliveredAmountMinor: string | null;
  delivered: number | bigint;
  reverted: number | bigint;
  refundRequested: number | bigint;
}

/** The provider's sent deliveries whose `by` is one of `values` (each once, in no particular order). */
export async function readStatementDeliveries(
  tx: RawReads,
  providerId: string,
  by: keyof typeof BY,
  values: readonly string[],
): Promise<StatementDelivery[]> {
  const queries = { sqlite: sqliteRead(by), postgres: postgresRead(by) };
  const rows = await queryInChunks<Row>(tx, queries, [...new Set(values)], providerId);
  return rows.map((row) => ({
    id: row.id,
    amountMinor: BigInt(row.amountMinor),
    unit: row.unit,
    status: row.status,
    ...requestOf(row),
    providerDeliveryId: row.providerDeliveryId,
    deliveredAmountMinor: row.deliveredAmountMinor === null ? null : BigInt(row.deliveredAmountMinor),
    delivered: Number(row.delivered) === 1,
    reverted: Number(row.reverted) === 1,
    refundRequested: Number(row.refundRequested) === 1,
  }));
}

const DELIVERY_IDS = {
  sqlite: `SELECT d."id" FROM json_each(?) k CROSS JOIN "Delivery" d ON d."deliveryRequestId" = k."value"
    CROSS JOIN "DeliveryRequest" r ON r."id" = d."deliveryRequestId" ${SENT_TO_PROVIDER} = ?`,
  postgres: `SELECT d."id" FROM "Delivery" d JOIN "DeliveryRequest" r ON r."id" = d."deliveryRequestId"
    ${SENT_TO_PROVIDER} = $2 AND d."deliveryRequestId" = ANY($1::text[])`,
};

/** The ids of the deliveries of `requestIds`, those sent to the provider only. */
export async function readDeliveryIdsOf(
  tx: RawReads,
  providerId: string,
  requestIds: readonly string[],
): Promise<string[]> {
  return (await queryInChunks<{ id: string }>(tx, DELIVERY_IDS, requestIds, providerId)).map((row) => row.id);
}
