/**
 * The audit trail: every state-changing action, from any face, records who did what to which
 * subject, what changed (before and after) and in which request. Recorded inside the action's own
 * transaction, so a committed change always has its entry and a failed one leaves none. Entries are
 * only ever appended, and chained, through the one writer of lib/db/audit-chain.ts: `npm run
 * audit:verify` finds an edited or deleted row.
 */

import type { Tx } from "../../db";
import {
  AUDIT_COLUMNS,
  type AuditStore,
  appendAudit,
  auditValues,
  type UnchainedAuditRow,
} from "../../db/audit-chain";
import { insertRows } from "../../db/bulk-insert";
import { currentRequestId } from "../../request-context";
import type { Actor } from "../permissions";

export interface AuditRecord {
  /** e.g. channel.created, request.approved, user.role_changed */
  action: string;
  subjectType: string;
  subjectId: string;
  /** What the action concerned beyond the change itself (request kind, reason…). */
  detail?: Record<string, unknown>;
  /** The changed fields as they were and as they are (omit a side that does not exist). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The stored row of a record, before it is chained (also the drivers' batch writer's input). */
export function auditRow(
  actor: Pick<Actor, "kind" | "id">,
  record: AuditRecord,
  at = new Date(),
): UnchainedAuditRow {
  return {
    at,
    actorType: actor.kind,
    actorId: actor.id,
    action: record.action,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    detail: JSON.stringify(record.detail ?? {}, jsonSafe),
    before: record.before ? JSON.stringify(record.before, jsonSafe) : null,
    after: record.after ? JSON.stringify(record.after, jsonSafe) : null,
    requestId: currentRequestId(),
  };
}

/**
 * Appends entries in the caller's transaction. Takes the chain's head lock, so concurrent audited
 * transactions chain one after another: call it last in the transaction, to hold the lock briefly.
 */
export async function recordAudit(
  tx: Tx,
  actor: Pick<Actor, "kind" | "id">,
  records: AuditRecord | readonly AuditRecord[],
): Promise<void> {
  const list = Array.isArray(records) ? records : [records as AuditRecord];
  const at = new Date();
  await appendAudit(
    prismaStore(tx),
    list.map((record) => auditRow(actor, record, at)),
  );
}

/** The chain's store in a Prisma transaction. */
const prismaStore = (tx: Tx): AuditStore<true> => ({
  run: (sql) => tx.$executeRawUnsafe(sql),
  readHead: () => tx.auditHead.findUniqueOrThrow({ where: { id: 1 }, select: { seq: true, hash: true } }),
  // One statement per few thousand entries: a report of 1,000 outcomes writes 1,000 (bulk-insert.ts).
  insert: (rows) => insertRows(tx, "AuditEntry", AUDIT_COLUMNS, rows.map(auditValues)),
  writeHead: (head) => tx.auditHead.update({ where: { id: 1 }, data: head }),
});

/** BigInt amounts (minor units) and dates as text: JSON has neither. */
function jsonSafe(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}
