/**
 * Create's group commit: creates that arrive while one batch is being written are written together in
 * the next one (one transaction, two multi-row inserts, channel-writes.ts), which costs a fraction of
 * a transaction per channel. Each create awaits its batch's write like any write, and fails with its
 * own error only: a batch that fails (a duplicate id, a provider deleted meanwhile) is written again
 * one by one. A batch starts on setImmediate so that requests read in the same turn of the event loop
 * join it (otherwise the first request's transaction runs alone), and after the batch before it.
 */
import { insertChannels, type NewChannelRow } from "./channel-writes";

/** The create's channel id (providerId, providerDeliveryChannelId) exists already: Create's 409. */
export class DuplicateChannelError extends Error {
  constructor(cause: unknown) {
    super(`The channel exists already: ${(cause as Error).message}`, { cause });
    this.name = "DuplicateChannelError";
  }
}

/**
 * The drivers' codes of a refused row: PostgreSQL's unique violation; on SQLite any constraint, as
 * its driver names no more without parsing the message.
 */
function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? "";
  return code === "23505" || code.startsWith("SQLITE_CONSTRAINT");
}

/** A row's outcome: undefined once committed, else its error. */
type Outcome = { error: unknown } | undefined;

interface Batch {
  rows: NewChannelRow[];
  /** The outcome of each row, in order, once the batch is written; never rejects. */
  written: Promise<Outcome[]>;
}

const MAX_BATCH = 64;
/** The batch still taking creates: it has not started writing. */
let open: Batch | undefined;
/** The last batch opened: the next one is written after it. */
let last: Promise<unknown> = Promise.resolve();

/** One row on its own, its error typed here (the writer, a global, may predate this module). */
async function writeOne(row: NewChannelRow): Promise<Outcome> {
  try {
    await insertChannels([row]);
    return undefined;
  } catch (error) {
    return { error: isDuplicateKey(error) ? new DuplicateChannelError(error) : error };
  }
}

async function writeRows(rows: NewChannelRow[]): Promise<Outcome[]> {
  if (rows.length === 1) return [await writeOne(rows[0]!)];
  try {
    await insertChannels(rows);
    return rows.map(() => undefined);
  } catch {
    const outcomes: Outcome[] = [];
    for (const row of rows) outcomes.push(await writeOne(row));
    return outcomes;
  }
}

function openBatch(): Batch {
  const previous = last;
  const rows: NewChannelRow[] = [];
  const written = (async () => {
    await new Promise(setImmediate);
    await previous;
    // Closed: creates from now on go to the next batch.
    if (open?.rows === rows) open = undefined;
    return writeRows(rows);
  })();
  last = written;
  return { rows, written };
}

/**
 * Inserts the channel with its CREATE request, its audit entry and its key's journal, in the next
 * batch's transaction; rejects with DuplicateChannelError when its id is taken.
 */
export async function insertChannel(row: NewChannelRow): Promise<void> {
  if (!open || open.rows.length >= MAX_BATCH) open = openBatch();
  const batch = open;
  const index = batch.rows.push(row) - 1;
  const outcome = (await batch.written)[index];
  if (outcome) throw outcome.error;
}
