/**
 * The audit trail as CSV, streamed in batches so an export of the whole trail stays in constant
 * memory. Cells that a spreadsheet would run as a formula (=, +, -, @ first) are escaped
 * (papaparse's escapeFormulae): the values include provider- and user-supplied text.
 */
import Papa from "papaparse";
import type { AuditFilters } from "../../contract/audit-filters";
import type { Actor } from "../permissions";
import { allAuditEntries } from "./read-audit-log";

const COLUMNS = [
  "position",
  "at",
  "actorType",
  "actorId",
  "actor",
  "action",
  "subjectType",
  "subjectId",
  "before",
  "after",
  "detail",
  "requestId",
  "hash",
] as const;
const BATCH = 500;

export async function* auditCsv(actor: Actor, filters: AuditFilters): AsyncGenerator<string> {
  const unparse = (rows: unknown[][]) =>
    `${Papa.unparse(rows, { escapeFormulae: true, newline: "\r\n" })}\r\n`;
  yield unparse([[...COLUMNS]]);
  let batch: unknown[][] = [];
  for await (const entry of allAuditEntries(actor, filters)) {
    batch.push([
      entry.seq,
      entry.at.toISOString(),
      entry.actorType,
      entry.actorId,
      entry.actorName,
      entry.action,
      entry.subjectType,
      entry.subjectId,
      entry.before ?? "",
      entry.after ?? "",
      entry.detail,
      entry.requestId ?? "",
      entry.hash,
    ]);
    if (batch.length === BATCH) {
      yield unparse(batch);
      batch = [];
    }
  }
  if (batch.length) yield unparse(batch);
}
