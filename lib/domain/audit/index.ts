/**
 * The audit module's public face: `@/lib/domain/audit`, the trail of every state-changing action.
 * The lowest feature: nearly every other records an entry, and it imports none of them.
 *
 * - record.ts: `recordAudit`, the one writer, inside the action's own transaction, chained
 * - read-audit-log.ts, audit-csv.ts: reading the trail (the console's page, the platform API) and its CSV export
 * - verify.ts: the chain check behind `npm run audit:verify`
 */

export { auditCsv } from "./audit-csv";
export { AUDIT_PAGE_SIZE, type AuditEntryView, auditActions, auditEntries } from "./read-audit-log";
export { type AuditRecord, auditRow, recordAudit } from "./record";
export { type ChainProblem, type ChainReport, verifyAuditChain } from "./verify";
