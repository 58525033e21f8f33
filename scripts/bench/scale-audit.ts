/**
 * Audit entries for seeded actions, chained exactly as the product chains them (lib/db/audit-chain.ts:
 * the head locked, read, extended and written back in the writing transaction), so that the seeded
 * trail passes `npm run audit:verify` and /admin/audit pages through a trail of realistic length.
 */
import { type ChainHead, chainAfter, ENSURE_HEAD_SQL, LOCK_HEAD_SQL } from "../../lib/db/audit-chain";
import type { UnchainedAuditRow } from "../../lib/db/channel-writes";
import { auditValues } from "../../lib/db/channel-writes";
import type { Column, Raw } from "./scale-sql";

const AUDIT_COLUMNS: readonly Column[] = [
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
];

/** Appends `rows` (built with lib/domain/audit/record.ts's auditRow) to the chain; call inside raw.transaction. */
export async function appendAudit(raw: Raw, rows: UnchainedAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await raw.run(ENSURE_HEAD_SQL);
  await raw.run(LOCK_HEAD_SQL);
  const [head] = await raw.all<ChainHead>('SELECT "seq", "hash" FROM "AuditHead" WHERE "id" = 1');
  const chained = chainAfter(head!, rows);
  await raw.insert("AuditEntry", AUDIT_COLUMNS, chained.rows.map(auditValues));
  await raw.run('UPDATE "AuditHead" SET "seq" = ?, "hash" = ? WHERE "id" = 1', [
    chained.head.seq,
    chained.head.hash,
  ]);
}
