/**
 * Reconciliation (issue 32): statements of what was sent to a provider and what became of it, tied
 * out to the budgets' movements. Above deliveries and budgets, whose records it reads.
 */

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
