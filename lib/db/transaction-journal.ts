/**
 * Every interactive transaction of the process goes through `runTransaction` (db() installs it as
 * the client's `$transaction`). It does two things no caller has to remember:
 *
 * 1. **Journaled transactions for safe retries.** An operation that runs under an Idempotency-Key
 *    (lib/api/idempotency.ts) runs inside `withJournal`. Each of its transactions then writes its own
 *    result into the key's row (IdempotencyKey.journal) *in the same transaction*, before the commit.
 *    If the process dies after the commit but before the answer is stored, the retry runs the
 *    operation again with the journal: a transaction already committed is not run again, its
 *    recorded result is returned instead, so the code after it rebuilds the original answer (a 200,
 *    not the 409 that running it twice would give). Results are encoded with superjson (Dates and
 *    bigint amounts survive). Writes outside a Prisma transaction (Create's batched insert,
 *    lib/db/channel-writes.ts) write their entry through `journalEntry` in their own transaction.
 *
 * 2. **Deadlocks and serialization failures are retried inside the server**, never answered 500: a
 *    transaction PostgreSQL aborts (40P01, 40001; Prisma's P2034) is run again from its start, a few
 *    times, after a short random pause. The rows are still locked in one order by the writers
 *    (lib/domain/deliveries/sync-outcomes.ts); this is the net for what still happens.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import superjson from "superjson";
import { log } from "../log";

export interface Journal {
  apiKeyId: string;
  key: string;
  /** Each committed transaction's result, superjson-encoded, in the order they ran. */
  entries: string[];
  /** How many transactions this run of the operation has started: the index of the next one. */
  next: number;
  /** Set once the operation has answered: work it scheduled that runs later is not part of it. */
  closed?: boolean;
}

/** The row's journal column as stored: the entries as a JSON array of strings. */
export const encodeJournal = (entries: string[]) => JSON.stringify(entries);
export function decodeJournal(column: string | null): string[] {
  if (!column) return [];
  const entries = JSON.parse(column) as unknown;
  return Array.isArray(entries) ? entries.filter((entry) => typeof entry === "string") : [];
}

// On globalThis: Next's bundle and the node:http fast path each load their own copy of this module,
// and the Prisma client (whose $transaction reads the store) is shared between them.
const shared = globalThis as unknown as { portalTransactionJournal?: AsyncLocalStorage<Journal> };
const current = (shared.portalTransactionJournal ??= new AsyncLocalStorage<Journal>());

/** Runs an idempotent operation with its journal: its transactions record, or replay, their results. */
export async function withJournal<T>(journal: Journal, work: () => Promise<T>): Promise<T> {
  try {
    return await current.run(journal, work);
  } finally {
    journal.closed = true;
  }
}

/** The running operation's journal; none once it has answered (a timer it set fires later in its context). */
function openJournal(): Journal | undefined {
  const journal = current.getStore();
  return journal && !journal.closed ? journal : undefined;
}

/**
 * For a write that is not a Prisma transaction: the recorded result of this step when a retry
 * replays it, else the row write that records `result` (to run in the write's own transaction) and
 * a `committed` to call once it has committed. Undefined outside an idempotent operation.
 */
export function journalEntry<T>(
  result: T,
):
  | { replay: T }
  | { record: { apiKeyId: string; key: string; journal: string }; committed: () => void }
  | undefined {
  const journal = openJournal();
  if (!journal) return undefined;
  const index = journal.next++;
  const recorded = journal.entries[index];
  if (recorded !== undefined) return { replay: superjson.parse<T>(recorded) };
  const entry = superjson.stringify(result);
  const entries = [...journal.entries.slice(0, index), entry];
  return {
    record: { apiKeyId: journal.apiKeyId, key: journal.key, journal: encodeJournal(entries) },
    committed: () => {
      journal.entries = entries;
    },
  };
}

/** The client's own interactive `$transaction`, as runTransaction calls it. */
type Interactive<Tx> = <T>(fn: (tx: Tx) => Promise<T>, options?: unknown) => Promise<T>;

/** What a transaction writes its journal entry with: the key row's update, on its own connection. */
type RecordEntry<Tx> = (tx: Tx, row: { apiKeyId: string; key: string; journal: string }) => Promise<unknown>;

const RETRIES = 4;
/** PostgreSQL aborted the transaction to break a deadlock or a serialization conflict: run it again. */
export function isTransactionConflict(error: unknown): boolean {
  const { code, meta, message } = (error ?? {}) as {
    code?: string;
    meta?: { code?: string };
    message?: string;
  };
  const codes = [code, meta?.code];
  if (codes.includes("P2034") || codes.includes("40P01") || codes.includes("40001")) return true;
  return /deadlock detected|could not serialize access/.test(message ?? "");
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runTransaction<Tx, T>(
  interactive: Interactive<Tx>,
  recordEntry: RecordEntry<Tx>,
  fn: (tx: Tx) => Promise<T>,
  options?: unknown,
): Promise<T> {
  const journal = openJournal();
  const index = journal ? journal.next++ : -1;
  const recorded = journal?.entries[index];
  if (recorded !== undefined) return superjson.parse<T>(recorded);
  for (let attempt = 0; ; attempt++) {
    try {
      if (!journal) return await interactive(fn, options);
      let entries: string[] = [];
      const result = await interactive(async (tx) => {
        const value = await fn(tx);
        entries = [...journal.entries.slice(0, index), superjson.stringify(value)];
        await recordEntry(tx, {
          apiKeyId: journal.apiKeyId,
          key: journal.key,
          journal: encodeJournal(entries),
        });
        return value;
      }, options);
      journal.entries = entries;
      return result;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= RETRIES) throw error;
      log.warn({ err: error, attempt }, "transaction aborted by a deadlock or conflict; running it again");
      await pause(5 + Math.random() * 20 * 2 ** attempt);
    }
  }
}
