/**
 * The deliveries a Delivery/Sync report names, with what moving their money needs of their request
 * (lib/domain/deliveries/sync-outcomes.ts), in one joined query per few thousand ids. Prisma's nested
 * read made four queries a chunk of 499 ids and built every row through its query compiler: 6.5 of
 * the 30 s an upload took to apply 100,000 outcomes (bench:scale). Only the provider's deliveries of
 * requests it was sent come back. On SQLite the ids lead the join (CROSS JOIN fixes SQLite's order):
 * left to its planner, a filter on the request and channel started from the provider's requests
 * and read all of their deliveries.
 */
import { databaseKind } from "../config";

interface RawReads {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

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

const IDS_PER_QUERY = 5000;

const COLUMNS = `d."id", d."status", CAST(d."amountMinor" AS TEXT) AS "amountMinor", d."deliveryRequestId",
  r."programId", r."channelId", r."budgetAccountId", r."unit", b."id" AS "programBudgetId"`;
const JOINS = `JOIN "Channel" c ON c."id" = r."channelId"
  LEFT JOIN "BudgetAccount" b ON b."programId" = r."programId"`;
const SENT_TO = `r."approvalState" = 'SENT' AND c."providerId"`;

const SQLITE_READ = `SELECT ${COLUMNS}
  FROM json_each(?) ids CROSS JOIN "Delivery" d ON d."id" = ids."value"
  CROSS JOIN "DeliveryRequest" r ON r."id" = d."deliveryRequestId" ${JOINS}
  WHERE ${SENT_TO} = ?`;
const POSTGRES_READ = `SELECT ${COLUMNS}
  FROM "Delivery" d JOIN "DeliveryRequest" r ON r."id" = d."deliveryRequestId" ${JOINS}
  WHERE d."id" = ANY($1::text[]) AND ${SENT_TO} = $2`;

interface Row {
  id: string;
  status: string;
  amountMinor: string;
  deliveryRequestId: string;
  programId: string;
  channelId: string;
  budgetAccountId: string;
  unit: string;
  programBudgetId: string | null;
}

/** The deliveries of `ids` sent to `providerId` (a request in state SENT), by id; others are absent. */
export async function readSentDeliveries(
  tx: RawReads,
  providerId: string,
  ids: readonly string[],
): Promise<Map<string, SentDelivery>> {
  const found = new Map<string, SentDelivery>();
  const sqlite = databaseKind() === "sqlite";
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const some = ids.slice(start, start + IDS_PER_QUERY);
    const rows = sqlite
      ? await tx.$queryRawUnsafe<Row[]>(SQLITE_READ, JSON.stringify(some), providerId)
      : await tx.$queryRawUnsafe<Row[]>(POSTGRES_READ, some, providerId);
    for (const row of rows)
      found.set(row.id, {
        id: row.id,
        status: row.status,
        amountMinor: BigInt(row.amountMinor),
        deliveryRequestId: row.deliveryRequestId,
        deliveryRequest: {
          programId: row.programId,
          channelId: row.channelId,
          budgetAccountId: row.budgetAccountId,
          unit: row.unit,
          program: { budget: row.programBudgetId === null ? null : { id: row.programBudgetId } },
        },
      });
  }
  return found;
}
