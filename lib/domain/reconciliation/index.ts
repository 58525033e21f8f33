/**
 * Reconciliation (issue 32): statements of what was sent to a provider and what became of it, tied
 * out to the budgets' movements; uploads of the provider's own statement, matched line by line, its
 * breaks classified and its outcomes applied through Sync's code path. Above deliveries and budgets,
 * whose records it reads.
 *
 * - statement.ts, statement-answer.ts, statement-choices.ts: our statement and how it is shown
 * - statement-file.ts: a provider's file read by its mapping
 * - classify-lines.ts: what each line is (matched, or which break)
 * - statement-reads.ts, upload-statement.ts, save-statement-upload.ts: an upload, from file to result
 * - statement-uploads.ts: the mapping, the recent uploads, one upload, its break report
 * - break-reads.ts, break-adjustments.ts, break-page.ts: a break as it stands now, the adjustments
 *   that settle it (decided like payments, applied through Sync's path), its page
 * - adjustment-queue.ts: the adjustments awaiting a finance approver, for the approvals queue
 * - period-close.ts: closing a provider's period, its frozen statement and its exceptions
 * - overdue-outcomes.ts: deliveries past their program's reconciliation window, listed and told of once
 */

export { adjustmentsAwaitingMyApproval, approvalQueueCount } from "./adjustment-queue";
export {
  adjustmentsFor,
  approveAdjustment,
  outcomeOf,
  proposeAdjustment,
  rejectAdjustment,
} from "./break-adjustments";
export { breakPage } from "./break-page";
export { type BreakNow, breakNow } from "./break-reads";
export { classifyLine, type OurDelivery, type Verdict } from "./classify-lines";
export {
  overdueDeliveryCount,
  overdueRequests,
  setReconciliationWindow,
  tellOverdueOutcomes,
} from "./overdue-outcomes";
export { closedPeriod, closedPeriodOverlapping, closePeriod, frozenStatement } from "./period-close";
export {
  type Figure,
  providerStatement,
  type StatementScope,
  statement,
  type UnitStatement,
} from "./statement";
export {
  BUDGET_LINES,
  periodOf,
  providerStatementAnswer,
  STATEMENT_LINES,
  type StatementHeading,
  type StatementLine,
  statementAnswer,
  statementCsv,
  statementRows,
} from "./statement-answer";
export { statementChoices } from "./statement-choices";
export { type FileLine, readStatementFile } from "./statement-file";
export {
  breakReportCsv,
  recentUploads,
  statementMappingOf,
  statementTemplateCsv,
  statementUpload,
} from "./statement-uploads";
export { type UploadOutcome, type UploadProgress, uploadStatement } from "./upload-statement";
export type { BreakRow, UploadClass, UploadSummary } from "./upload-tally";
