/**
 * The write side of each API key's request log (time, method, path, status, the error's guid), which
 * a provider reads in the portal to debug its integration (lib/domain/keys/request-log.ts). Recording must not slow the API: a request only appends
 * a small record to a buffer in memory; every FLUSH_MS one background step inserts the batch and
 * trims each key to its newest KEEP_PER_KEY rows (lib/db/key-request-writes.ts). Ids and dates are
 * made then, for the rows kept only (measured: a UUID per request was a third of the cost). A busy
 * key's older records are dropped in memory once COMPACT_AT wait, as its trim would drop them.
 * Shutdown flushes what is left (server/index.ts). The log is a debugging aid, not an audit: rows of
 * a batch the database refused, or beyond MAX_PENDING while it is slow, are dropped with a warning.
 */
import { v7 as timeOrderedId } from "uuid";
import { type KeyRequestRow, writeKeyRequests } from "../db";
import { log } from "../log";

export const KEEP_PER_KEY = 1_000;
/** Under load a busy key writes at most KEEP_PER_KEY rows (and trims as many) per flush. */
const FLUSH_MS = 1_000;
const COMPACT_AT = 10_000;
const MAX_PENDING = 50_000;
/** A logged path is cut here: an unknown id in a View path can be long. */
const MAX_PATH = 300;
const WARN_EVERY_MS = 10_000;

/** A request as the buffer holds it: `at` in epoch ms. */
type Pending = Omit<KeyRequestRow, "id" | "at"> & { at: number };

interface LogBuffer {
  pending: Pending[];
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  warnedAt: number;
}
// On globalThis: Next's bundle and the fast path load their own copies of this module, and shutdown
// must flush the one buffer.
const shared = globalThis as unknown as { portalKeyRequests?: LogBuffer };
const buffer = (shared.portalKeyRequests ??= { pending: [], warnedAt: 0 });

/** Records one answered request of a key. Synchronous and cheap: the write happens later. */
export function recordKeyRequest(
  apiKeyId: string,
  request: { method: string; path: string },
  status: number,
  errorGuid: string | null,
): void {
  // Every COMPACT_AT records, not at each one past it: with many quiet keys nothing is dropped.
  const waiting = buffer.pending.length;
  if (waiting > 0 && waiting % COMPACT_AT === 0) buffer.pending = newestPerKey(buffer.pending);
  if (buffer.pending.length >= MAX_PENDING) {
    warn(new Error("buffer full"), 1);
    return;
  }
  const path = request.path.length > MAX_PATH ? request.path.slice(0, MAX_PATH) : request.path;
  buffer.pending.push({ apiKeyId, at: Date.now(), method: request.method, path, status, errorGuid });
  buffer.timer ??= setTimeout(() => void flushKeyRequests(), FLUSH_MS).unref();
}

/** Writes what the buffer holds (one batch at a time); resolves once it is written. */
export async function flushKeyRequests(): Promise<void> {
  clearTimeout(buffer.timer);
  buffer.timer = undefined;
  while (buffer.flushing) await buffer.flushing;
  if (buffer.pending.length === 0) return;
  const kept = newestPerKey(buffer.pending);
  buffer.pending = [];
  // UUIDv7 in order: the primary key orders the log by time (the writer trims by it).
  const rows = kept.map((row) => ({ ...row, id: timeOrderedId(), at: new Date(row.at) }));
  buffer.flushing = writeKeyRequests(rows, KEEP_PER_KEY)
    .catch((error: unknown) => warn(error, rows.length))
    .finally(() => {
      buffer.flushing = undefined;
      if (buffer.pending.length > 0)
        buffer.timer ??= setTimeout(() => void flushKeyRequests(), FLUSH_MS).unref();
    });
  await buffer.flushing;
}

/** Only a key's newest KEEP_PER_KEY rows would survive its trim: the rest need no insert. */
function newestPerKey(rows: Pending[]): Pending[] {
  if (rows.length <= KEEP_PER_KEY) return rows;
  const counts = new Map<string, number>();
  const kept: Pending[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    const count = (counts.get(row.apiKeyId) ?? 0) + 1;
    counts.set(row.apiKeyId, count);
    if (count <= KEEP_PER_KEY) kept.push(row);
  }
  return kept.reverse();
}

function warn(error: unknown, dropped: number): void {
  const now = Date.now();
  if (now - buffer.warnedAt < WARN_EVERY_MS) return;
  buffer.warnedAt = now;
  log.warn({ err: error, dropped }, "API key request log: rows dropped");
}
