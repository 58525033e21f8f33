/**
 * How audit entries are chained and appended: each row's hash covers its own fields and the previous
 * row's hash, so changing any field of any row, or deleting one, breaks every hash after it.
 * `appendAudit` (and `appendAuditNow`, its synchronous twin) is the one way an entry is written:
 * recordAudit's Prisma transactions (lib/domain/audit/record.ts), the drivers' batched creates
 * (lib/db/channel-writes.ts) and bench:scale's seeding each give it their connection, and the verifier
 * (lib/domain/audit/verify.ts) checks with the same `auditHash`.
 */
import { createHash } from "node:crypto";
import { v7 as timeOrderedId } from "uuid";

/** The fields a hash covers, as stored. */
export interface AuditFields {
  seq: number;
  at: Date;
  actorType: string;
  actorId: string;
  action: string;
  subjectType: string;
  subjectId: string;
  detail: string;
  before: string | null;
  after: string | null;
  requestId: string | null;
}

export interface ChainHead {
  seq: number;
  hash: string;
}

/** Creates the head row if it is missing (a database emptied by hand); a no-op otherwise. */
export const ENSURE_HEAD_SQL =
  'INSERT INTO "AuditHead" ("id", "seq", "hash", "chainFrom") VALUES (1, 0, \'\', 0) ON CONFLICT ("id") DO NOTHING';
/** Takes the head's row lock (PostgreSQL) or the write lock (SQLite) until the transaction ends. */
export const LOCK_HEAD_SQL = 'UPDATE "AuditHead" SET "seq" = "seq" WHERE "id" = 1';
export const READ_HEAD_SQL = 'SELECT "seq", "hash" FROM "AuditHead" WHERE "id" = 1';
/** Moves the head; the placeholders of the connection's dialect (`?` or `$1`) for seq and hash. */
export const writeHeadSql = (seq: string, hash: string) =>
  `UPDATE "AuditHead" SET "seq" = ${seq}, "hash" = ${hash} WHERE "id" = 1`;

export function auditHash(prevHash: string, row: AuditFields): string {
  const canonical = JSON.stringify([
    row.seq,
    row.at.toISOString(),
    row.actorType,
    row.actorId,
    row.action,
    row.subjectType,
    row.subjectId,
    row.detail,
    row.before,
    row.after,
    row.requestId,
  ]);
  return createHash("sha256").update(prevHash).update("\n").update(canonical).digest("hex");
}

/** An entry as lib/domain/audit/record.ts's auditRow builds it, before it is chained. */
export type UnchainedAuditRow = Omit<AuditFields, "seq">;

/** An entry as it is stored: its id (UUIDv7, time-ordered: new rows go to the index's right edge), position and hashes. */
export interface ChainedAuditRow extends AuditFields {
  id: string;
  prevHash: string;
  hash: string;
}

/** Numbers and hashes new rows after the head; returns them and the new head. */
function chainAfter(head: ChainHead, rows: readonly UnchainedAuditRow[]) {
  let { seq, hash } = head;
  const chained = rows.map((row): ChainedAuditRow => {
    seq += 1;
    const prevHash = hash;
    hash = auditHash(prevHash, { ...row, seq });
    return { id: timeOrderedId(), ...row, seq, prevHash, hash };
  });
  return { rows: chained, head: { seq, hash } };
}

/** The stored columns, in the order of auditValues, with their PostgreSQL types (for unnest). */
export const AUDIT_COLUMNS = [
  ["id", "text"],
  ["seq", "int"],
  ["at", "timestamp"],
  ["actorType", "text"],
  ["actorId", "text"],
  ["action", "text"],
  ["subjectType", "text"],
  ["subjectId", "text"],
  ["detail", "text"],
  ["before", "text"],
  ["after", "text"],
  ["requestId", "text"],
  ["prevHash", "text"],
  ["hash", "text"],
] as const satisfies readonly (readonly [keyof ChainedAuditRow, string])[];

/** A chained row's values in AUDIT_COLUMNS order, for the drivers' inserts. */
export const auditValues = (row: ChainedAuditRow) => AUDIT_COLUMNS.map(([column]) => row[column]);

/**
 * What appending needs of a transaction, on whichever connection it runs. `Async`: whether its calls
 * answer promises (Prisma, pg) or return at once (libsql, whose batch must finish in one turn).
 */
export interface AuditStore<Async extends boolean> {
  /** Runs a statement without parameters (ENSURE_HEAD_SQL, LOCK_HEAD_SQL). */
  run(sql: string): Answer<unknown, Async>;
  /** The head's row (READ_HEAD_SQL). */
  readHead(): Answer<ChainHead, Async>;
  insert(rows: ChainedAuditRow[]): Answer<unknown, Async>;
  /** Moves the head to the last row inserted. */
  writeHead(head: ChainHead): Answer<unknown, Async>;
}
type Answer<T, Async extends boolean> = Async extends true ? Promise<T> : T;

/**
 * The steps of an append, in their one order: the head created if missing, locked (so concurrent
 * appends chain one after another) and read; the rows numbered, hashed and inserted; the head moved.
 * Each step is a call on the store; what it answers is the next step's input.
 */
function* appendSteps(
  rows: readonly UnchainedAuditRow[],
): Generator<(store: AuditStore<boolean>) => unknown, void, unknown> {
  yield (store) => store.run(ENSURE_HEAD_SQL);
  yield (store) => store.run(LOCK_HEAD_SQL);
  const head = (yield (store) => store.readHead()) as ChainHead;
  const chained = chainAfter(head, rows);
  yield (store) => store.insert(chained.rows);
  yield (store) => store.writeHead(chained.head);
}

/**
 * Appends `rows` to the chain in the store's transaction, which holds the head's lock until it
 * ends: append last in the transaction, to hold it briefly.
 */
export async function appendAudit(
  store: AuditStore<true>,
  rows: readonly UnchainedAuditRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const steps = appendSteps(rows);
  let step = steps.next();
  while (!step.done) step = steps.next(await step.value(store));
}

/** appendAudit in one synchronous turn, for a driver that must not yield while it holds the lock. */
export function appendAuditNow(store: AuditStore<false>, rows: readonly UnchainedAuditRow[]): void {
  if (rows.length === 0) return;
  const steps = appendSteps(rows);
  let step = steps.next();
  while (!step.done) step = steps.next(step.value(store));
}
