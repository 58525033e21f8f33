/**
 * Audit entries for seeded actions, appended by the product's one writer (lib/db/audit-chain.ts: the
 * head locked, read, extended and written back in the writing transaction), so that the seeded
 * trail passes `npm run audit:verify` and /admin/audit pages through a trail of realistic length.
 */
import {
  AUDIT_COLUMNS,
  appendAudit,
  auditValues,
  type ChainHead,
  READ_HEAD_SQL,
  type UnchainedAuditRow,
  writeHeadSql,
} from "../../../lib/db/audit-chain";
import type { Raw } from "./scale-sql";

/** Appends `rows` (built with lib/domain/audit/record.ts's auditRow) to the chain; call inside raw.transaction. */
export function appendSeededAudit(raw: Raw, rows: UnchainedAuditRow[]): Promise<void> {
  return appendAudit(
    {
      run: (sql) => raw.run(sql),
      readHead: async () => (await raw.all<ChainHead>(READ_HEAD_SQL))[0]!,
      insert: (chained) => raw.insert("AuditEntry", AUDIT_COLUMNS, chained.map(auditValues)),
      writeHead: (head) => raw.run(writeHeadSql("?", "?"), [head.seq, head.hash]),
    },
    rows,
  );
}
