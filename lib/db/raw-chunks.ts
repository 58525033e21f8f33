/**
 * Reads keyed by many values, a chunk at a time, each chunk bound as one value: a JSON array that
 * SQLite reads with `json_each`, an array PostgreSQL reads with `= ANY` or `unnest`. The statement
 * text is the same for every chunk size, and no query nears SQLite's 999 bound values (Prisma's
 * `in` lists are capped there). Used by the readers of Sync's and the statement upload's deliveries.
 */
import { databaseKind } from "../config";

/** What a bulk reader needs of a Prisma client or transaction. */
export interface RawReads {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** Values bound per query. */
const VALUES_PER_QUERY = 5000;

/**
 * The request `r`'s channel joined, and the filter that keeps what the provider was sent: a request
 * in state SENT to one of its channels. The provider's id is bound right after it (`= ?` or `= $2`).
 */
export const SENT_TO_PROVIDER = `JOIN "Channel" c ON c."id" = r."channelId"
  WHERE r."approvalState" = 'SENT' AND c."providerId"`;

/**
 * Runs the query of the database's kind over `values` a chunk at a time: the chunk is its first
 * bound value, `params` follow it. Answers every chunk's rows, in order.
 */
export async function queryInChunks<T>(
  tx: RawReads,
  queries: { sqlite: string; postgres: string },
  values: readonly string[],
  ...params: unknown[]
): Promise<T[]> {
  const sqlite = databaseKind() === "sqlite";
  const rows: T[] = [];
  for (let start = 0; start < values.length; start += VALUES_PER_QUERY) {
    const some = values.slice(start, start + VALUES_PER_QUERY);
    const chunk = await (sqlite
      ? tx.$queryRawUnsafe<T[]>(queries.sqlite, JSON.stringify(some), ...params)
      : tx.$queryRawUnsafe<T[]>(queries.postgres, some, ...params));
    for (const row of chunk) rows.push(row);
  }
  return rows;
}
