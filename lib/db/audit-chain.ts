/**
 * How audit entries are chained: each row's hash covers its own fields and the previous row's hash,
 * so changing any field of any row, or deleting one, breaks every hash after it. Both writers (the
 * Prisma transactions of lib/domain/audit/record.ts and the drivers' batched creates) and the verifier
 * (scripts/audit-verify.ts) use these functions, so there is one definition of a row's hash.
 */
import { createHash } from "node:crypto";

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

/** Numbers and hashes new rows after the head; returns them and the new head. */
export function chainAfter<Row extends Omit<AuditFields, "seq">>(
  head: ChainHead,
  rows: readonly Row[],
): { rows: (Row & { seq: number; prevHash: string; hash: string })[]; head: ChainHead } {
  let { seq, hash } = head;
  const chained = rows.map((row) => {
    seq += 1;
    const prevHash = hash;
    hash = auditHash(prevHash, { ...row, seq });
    return { ...row, seq, prevHash, hash };
  });
  return { rows: chained, head: { seq, hash } };
}

/** Creates the head row if it is missing (a database emptied by hand); a no-op otherwise. */
export const ENSURE_HEAD_SQL =
  'INSERT INTO "AuditHead" ("id", "seq", "hash", "chainFrom") VALUES (1, 0, \'\', 0) ON CONFLICT ("id") DO NOTHING';
/** Takes the head's row lock (PostgreSQL) or the write lock (SQLite) until the transaction ends. */
export const LOCK_HEAD_SQL = 'UPDATE "AuditHead" SET "seq" = "seq" WHERE "id" = 1';
