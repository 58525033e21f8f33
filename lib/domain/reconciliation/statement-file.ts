/**
 * A provider's statement file read by its mapping (issue 32, item 3): each line's delivery (our id
 * and/or the provider's reference), amount, unit and what it says became of the delivery. A line
 * that cannot be read — an amount that is not one, a status label the mapping does not know — makes
 * the file's problems, each at its line, so the file (or the mapping) is fixed in one go; a line
 * that reads but names no delivery we know is a break, not a problem (classify-lines.ts).
 */
import {
  type FileOutcome,
  MAX_STATEMENT_LINES,
  type StatementField,
  type StatementMapping,
} from "../../contract/reconciliation/statement-upload-schema";
import { say } from "../../contract/validation-messages";
import { type FileRow, forEachRow, parserComplaint } from "../deliveries";

export interface FileLine {
  /** Where it starts in the file (1 = the header). */
  line: number;
  deliveryId: string;
  reference: string;
  amountMinor: bigint;
  unit: string;
  /** The file's own status label, as written ("" when the file has no status column). */
  status: string;
  outcome: FileOutcome;
}

export interface FileProblem {
  line: number;
  message: string;
}

/** Problems shown of a file: enough to see what is wrong, not a copy of a broken file. */
const MAX_PROBLEMS = 100;
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/** Our own statuses, which every file may use, by the outcome they mean. */
const OUR_LABELS: Record<FileOutcome, string[]> = {
  delivered: ["DELIVERED", "DELIVERY_COLLECTED"],
  reverted: ["DELIVERY_REVERTED"],
  pending: ["DELIVERY_PENDING", "DELIVERY_READY_TO_COLLECT"],
};

const normal = (label: string) => label.trim().toLocaleUpperCase("en");

/** Every label the mapping knows, ours and the provider's, by its normal form. */
function outcomeByLabel(mapping: StatementMapping): Map<string, FileOutcome> {
  const byLabel = new Map<string, FileOutcome>();
  for (const outcome of ["delivered", "reverted", "pending"] as const)
    for (const label of [...OUR_LABELS[outcome], ...mapping.labels[outcome]])
      byLabel.set(normal(label), outcome);
  return byLabel;
}

/** "1234.50" → 123450n; null for anything else (a statement's amounts are a machine's). */
function amountOf(text: string): bigint | null {
  const value = text.trim();
  if (!AMOUNT.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
}

export function readStatementFile(
  text: string,
  mapping: StatementMapping,
): { lines: FileLine[]; problems: FileProblem[]; problemCount: number } {
  const lines: FileLine[] = [];
  const problems: FileProblem[] = [];
  let problemCount = 0;
  const problem = (line: number, message: string) => {
    problemCount++;
    if (problems.length < MAX_PROBLEMS) problems.push({ line, message });
  };
  const labels = outcomeByLabel(mapping);
  let rows = 0;
  let width = 0;
  let columnAt: Partial<Record<StatementField, number>> | undefined;
  forEachRow(text, (row) => {
    if (!columnAt) {
      columnAt = columnsOf(row, mapping, problem);
      width = row.fields.length;
      return;
    }
    // A header without the mapped columns: every line would say so again.
    if (problemCount > 0 && problems[0]!.line === 1) return;
    rows++;
    if (rows > MAX_STATEMENT_LINES) {
      if (rows === MAX_STATEMENT_LINES + 1)
        problem(row.line, say("atMostLines", { max: MAX_STATEMENT_LINES }));
      return;
    }
    for (const complaint of row.complaints) {
      const message = parserComplaint(complaint);
      if (message) problem(row.line, message);
    }
    // A line with more or fewer fields than the header has shifted its values: none can be trusted.
    if (row.fields.length !== width) {
      const values = { parsed: row.fields.length, expected: width };
      return problem(
        row.line,
        say(row.fields.length < width ? "csvTooFewFields" : "csvTooManyFields", values),
      );
    }
    const read = lineOf(row, columnAt, labels, problem);
    if (read) lines.push(read);
  });
  if (!columnAt) problem(1, say("fileIsEmpty"));
  return { lines, problems, problemCount };
}

/** Where each mapped column is in the header; a problem for each the header lacks. */
function columnsOf(
  header: FileRow,
  mapping: StatementMapping,
  problem: (line: number, message: string) => void,
): Partial<Record<StatementField, number>> {
  const names = header.fields.map((name) => name.trim());
  const at: Partial<Record<StatementField, number>> = {};
  for (const [field, column] of Object.entries(mapping.columns) as [StatementField, string][]) {
    if (column === "") continue;
    const index = names.indexOf(column);
    if (index === -1) problem(header.line, say("statementColumnMissing", { column }));
    else at[field] = index;
  }
  return at;
}

function lineOf(
  row: FileRow,
  at: Partial<Record<StatementField, number>>,
  labels: Map<string, FileOutcome>,
  problem: (line: number, message: string) => void,
): FileLine | null {
  const value = (field: StatementField) =>
    at[field] === undefined ? "" : (row.fields[at[field]!] ?? "").trim();
  const amountMinor = amountOf(value("amount"));
  const unit = value("unit");
  const status = value("status");
  const outcome = at.status === undefined ? "delivered" : labels.get(normal(status));
  let readable = true;
  if (amountMinor === null) {
    problem(row.line, say("statementAmountUnreadable", { value: value("amount").slice(0, 40) }));
    readable = false;
  }
  if (unit === "") {
    problem(row.line, say("statementUnitEmpty"));
    readable = false;
  }
  if (outcome === undefined) {
    problem(row.line, say("statementStatusUnmapped", { value: status.slice(0, 64) }));
    readable = false;
  }
  if (!readable) return null;
  return {
    line: row.line,
    deliveryId: value("deliveryId").slice(0, 200),
    reference: value("reference").slice(0, 200),
    amountMinor: amountMinor!,
    unit,
    status: status.slice(0, 64),
    outcome: outcome!,
  };
}
