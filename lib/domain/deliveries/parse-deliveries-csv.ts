/**
 * Deliveries uploaded as CSV: a header row `beneficiaryId,amount,<fieldName of each delivery
 * option>…`, then one delivery per row. Every row is checked with the same rules as a send from the
 * form or the API (deliveryListProblems); the report names each row's problems by the line it starts
 * on, so the file can be fixed in one go.
 */
import Papa from "papaparse";
import { MAX_CSV_ROWS } from "../../contract/delivery-limits";
import { type RowProblem, WHOLE_FILE, WHOLE_ROW } from "../../contract/forms/delivery-request-form";
import { say } from "../../contract/validation-messages";
import { deliveryListProblems } from "./check-send";
import type { DeliveryList, DeliveryOption, NewDelivery } from "./checks";

/** A row as the file holds it: its fields, the line it starts on (1-based) and the parser's complaints. */
export interface FileRow {
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

/** How the file was read: its delimiter and line break, to read one row alone the same way. */
type Dialect = Pick<Papa.ParseMeta, "delimiter" | "linebreak">;

/**
 * Each row of the file as the parser reads it, numbered by the line it starts on, so that a report
 * points where an editor does: past blank lines and quoted fields that hold line breaks. The
 * parser's own row numbers count neither (and count a quote's row and a field count's differently).
 * `use` sees each row with where it lies in the text; nothing is kept (issue 35: a 5 MB file's rows,
 * kept, were ten times its size).
 */
export function forEachRow(text: string, use: (row: FileRow, start: number, end: number) => void): Dialect {
  let position = 0;
  let line = 1;
  const advanceTo = (to: number) => {
    line += countBreaks(text.slice(position, to));
    position = to;
  };
  let dialect: Dialect = { delimiter: ",", linebreak: "\n" };
  Papa.parse<string[]>(text, {
    skipEmptyLines: "greedy",
    step: ({ data, errors, meta }) => {
      dialect = { delimiter: meta.delimiter, linebreak: meta.linebreak };
      advanceTo(rowStart(text, position));
      const [start, startLine] = [position, line];
      advanceTo(Math.max(position, meta.cursor));
      use({ fields: data, line: startLine, complaints: errors }, start, position);
    },
  });
  return dialect;
}

/** One row read alone, as the whole file's parse read it. */
const fieldsOf = (text: string, dialect: Dialect): string[] =>
  Papa.parse<string[]>(text, {
    ...dialect,
    newline: dialect.linebreak as Papa.ParseConfig["newline"],
    skipEmptyLines: "greedy",
  }).data[0] ?? [];

/**
 * The parser's complaint in the catalog's words (so the portal shows it in the reader's language),
 * by its code; its own English for a code it may add later. Its guess that no delimiter was found
 * is left out: a file of one column is refused for the missing one by name.
 */
export function parserComplaint(error: Papa.ParseError): string | null {
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

/** A row's delivery, as the form would give it. */
function deliveryOf(header: string[], fields: string[]): NewDelivery {
  const { beneficiaryId = "", amount = "", ...rest } = byColumn(header, fields);
  return {
    beneficiaryId: beneficiaryId.trim(),
    amount: amount.trim() === "" ? Number.NaN : Number(amount.trim()),
    options: Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== "")),
  };
}

/**
 * The file's deliveries, or every row's problems. The deliveries are a list read a batch at a time
 * (DeliveryList): each row is read again from the text when the send reads it, so what a send of
 * the largest file holds is that file's text, a few numbers a row and a batch.
 */
export async function parseDeliveriesCsv(
  text: string,
  options: DeliveryOption[],
): Promise<{ deliveries: DeliveryList; problems: RowProblem[] }> {
  let header: string[] | undefined;
  let headerRow: FileRow | undefined;
  const problems: RowProblem[] = [];
  const bounds: number[] = [];
  const lines: number[] = [];
  const dialect = forEachRow(text, (row, start, end) => {
    if (!headerRow) {
      headerRow = row;
      header = row.fields.map((column) => column.trim());
      problems.push(...shapeProblems(row, header.length));
      return;
    }
    bounds.push(start, end);
    lines.push(row.line);
    problems.push(...shapeProblems(row, header!.length));
  });
  const columns = header ?? [];
  const headerLine = headerRow?.line ?? 1;
  for (const required of ["beneficiaryId", "amount"]) {
    if (!columns.includes(required))
      problems.push({ line: headerLine, field: required, message: say("columnMissingFromHeader") });
  }
  const count = lines.length;
  if (count > MAX_CSV_ROWS)
    problems.push({ line: headerLine, field: WHOLE_FILE, message: say("atMostRows", { max: MAX_CSV_ROWS }) });
  const none: DeliveryList = [];
  if (problems.length) return { deliveries: none, problems };

  const deliveries: DeliveryList = {
    length: count,
    slice(from, to) {
      const batch: NewDelivery[] = [];
      for (let index = Math.max(0, from); index < Math.min(to, count); index++)
        batch.push(
          deliveryOf(columns, fieldsOf(text.slice(bounds[2 * index], bounds[2 * index + 1]), dialect)),
        );
      return batch;
    },
  };
  for (const { index, field, message } of await deliveryListProblems(deliveries, options))
    problems.push({ line: lines[index]!, field, message });
  if (count === 0)
    problems.push({ line: headerLine + 1, field: WHOLE_FILE, message: say("noDeliveriesInFile") });
  return { deliveries, problems };
}
