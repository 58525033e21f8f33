/**
 * Deliveries uploaded as CSV: a header row `beneficiaryId,amount,<fieldName of each delivery
 * option>…`, then one delivery per row. Every row is checked with the same rules as the form
 * (deliveryProblems); the report names each row's problems so the file can be fixed in one go.
 */
import Papa from "papaparse";
import type { ChannelBody } from "../contract/channel";
import { MAX_CSV_ROWS } from "../contract/delivery-limits";
import { type RowProblem, WHOLE_FILE, WHOLE_ROW } from "../contract/forms/delivery-requests";
import { say } from "../contract/validation-messages";
import { deliveryProblems, type NewDelivery } from "./delivery-checks";

type DeliveryOption = NonNullable<ChannelBody["deliveryOptions"]>[number];

/** A row as the file holds it: its fields, the line it starts on (1-based) and the parser's complaints. */
interface FileRow {
  fields: string[];
  line: number;
  complaints: Papa.ParseError[];
}

const LINE_BREAK = /\r\n|\r|\n/g;
const countBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/** Where the row at `from` starts: past the blank lines the parser skips. */
function rowStart(text: string, from: number): number {
  let at = from;
  for (
    let end = text.indexOf("\n", at);
    end !== -1 && !text.slice(at, end).trim();
    end = text.indexOf("\n", at)
  )
    at = end + 1;
  return at;
}

/**
 * The file's rows, numbered by the line each starts on, so that a report points where an editor
 * does: past blank lines and quoted fields that hold line breaks. The parser's own row numbers count
 * neither (and count a quote's row and a field count's differently).
 */
function rowsOf(text: string): FileRow[] {
  const rows: FileRow[] = [];
  let position = 0;
  let line = 1;
  const advanceTo = (to: number) => {
    line += countBreaks(text.slice(position, to));
    position = to;
  };
  Papa.parse<string[]>(text, {
    skipEmptyLines: "greedy",
    step: ({ data, errors, meta }) => {
      advanceTo(rowStart(text, position));
      rows.push({ fields: data, line, complaints: errors });
      advanceTo(Math.max(position, meta.cursor));
    },
  });
  return rows;
}

/**
 * The parser's complaint in the catalog's words (so the portal shows it in the reader's language),
 * by its code; its own English for a code it may add later. Its guess that no delimiter was found
 * is left out: a file of one column is refused for the missing one by name.
 */
function parserComplaint(error: Papa.ParseError): string | null {
  switch (error.code) {
    case "MissingQuotes":
      return say("csvQuoteNotClosed");
    case "InvalidQuotes":
      return say("csvStrayQuote");
    case "UndetectableDelimiter":
      return null;
    default:
      return error.message;
  }
}

/** What is wrong with a row's shape (quotes, field count), at its line; none when it reads well. */
function shapeProblems(row: FileRow, columns: number): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const complaint of row.complaints) {
    const message = parserComplaint(complaint);
    if (message) problems.push({ line: row.line, field: WHOLE_ROW, message });
  }
  const values = { parsed: row.fields.length, expected: columns };
  if (row.fields.length < columns)
    problems.push({ line: row.line, field: WHOLE_ROW, message: say("csvTooFewFields", values) });
  if (row.fields.length > columns)
    problems.push({ line: row.line, field: WHOLE_ROW, message: say("csvTooManyFields", values) });
  return problems;
}

/** The row's values by the header's column names. */
const byColumn = (header: string[], fields: string[]): Record<string, string> =>
  Object.fromEntries(header.map((column, index) => [column, fields[index] ?? ""]));

export function parseDeliveriesCsv(
  text: string,
  options: DeliveryOption[],
): { deliveries: NewDelivery[]; problems: RowProblem[] } {
  const [head, ...rows] = rowsOf(text);
  const header = (head?.fields ?? []).map((column) => column.trim());
  const headerLine = head?.line ?? 1;
  const problems: RowProblem[] = head ? shapeProblems(head, header.length) : [];
  for (const row of rows) problems.push(...shapeProblems(row, header.length));
  for (const required of ["beneficiaryId", "amount"]) {
    if (!header.includes(required))
      problems.push({ line: headerLine, field: required, message: say("columnMissingFromHeader") });
  }
  if (rows.length > MAX_CSV_ROWS)
    problems.push({ line: headerLine, field: WHOLE_FILE, message: say("atMostRows", { max: MAX_CSV_ROWS }) });
  if (problems.length) return { deliveries: [], problems };

  const deliveries = rows.map((row) => {
    const { beneficiaryId = "", amount = "", ...rest } = byColumn(header, row.fields);
    const delivery: NewDelivery = {
      beneficiaryId: beneficiaryId.trim(),
      amount: amount.trim() === "" ? Number.NaN : Number(amount.trim()),
      options: Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== "")),
    };
    for (const [field, message] of Object.entries(deliveryProblems(delivery, options))) {
      problems.push({ line: row.line, field, message });
    }
    return delivery;
  });
  if (deliveries.length === 0)
    problems.push({ line: headerLine + 1, field: WHOLE_FILE, message: say("noDeliveriesInFile") });
  return { deliveries, problems };
}
