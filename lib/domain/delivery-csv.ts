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

/**
 * Where the parser's complaint points: a complaint of no row (the delimiter's) is the file's; the
 * parser counts a quote's row among the lines, the header's included, but a field count's among the
 * data rows.
 */
function lineOf(error: Papa.ParseError): Pick<RowProblem, "line" | "field"> {
  if (error.row === undefined) return { line: 1, field: WHOLE_FILE };
  return { line: error.row + (error.type === "Quotes" ? 1 : 2), field: WHOLE_ROW };
}

/**
 * The parser's complaint in the catalog's words (so the portal shows it in the reader's language),
 * by its code; its own English for a code it may add later.
 */
function parserComplaint(error: Papa.ParseError): string {
  const [, expected, parsed] = /expected (\d+) fields but parsed (\d+)/.exec(error.message) ?? [];
  switch (error.code) {
    case "MissingQuotes":
      return say("csvQuoteNotClosed");
    case "InvalidQuotes":
      return say("csvStrayQuote");
    case "UndetectableDelimiter":
      return say("csvNoDelimiter");
    case "TooManyFields":
      return expected ? say("csvTooManyFields", { expected, parsed: parsed! }) : error.message;
    case "TooFewFields":
      return expected ? say("csvTooFewFields", { expected, parsed: parsed! }) : error.message;
    default:
      return error.message;
  }
}

export function parseDeliveriesCsv(
  text: string,
  options: DeliveryOption[],
): { deliveries: NewDelivery[]; problems: RowProblem[] } {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (h) => h.trim(),
  });
  const problems: RowProblem[] = parsed.errors.map((error) => ({
    ...lineOf(error),
    message: parserComplaint(error),
  }));
  const columns = parsed.meta.fields ?? [];
  for (const required of ["beneficiaryId", "amount"]) {
    if (!columns.includes(required))
      problems.push({ line: 1, field: required, message: say("columnMissingFromHeader") });
  }
  if (parsed.data.length > MAX_CSV_ROWS)
    problems.push({ line: 1, field: WHOLE_FILE, message: say("atMostRows", { max: MAX_CSV_ROWS }) });
  if (problems.length) return { deliveries: [], problems };

  const deliveries = parsed.data.map((row, index) => {
    const { beneficiaryId = "", amount = "", ...rest } = row;
    const delivery: NewDelivery = {
      beneficiaryId: beneficiaryId.trim(),
      amount: amount.trim() === "" ? Number.NaN : Number(amount.trim()),
      options: Object.fromEntries(
        Object.entries(rest).filter(([, value]) => value !== undefined && value !== ""),
      ),
    };
    for (const [field, message] of Object.entries(deliveryProblems(delivery, options))) {
      problems.push({ line: index + 2, field, message });
    }
    return delivery;
  });
  if (deliveries.length === 0)
    problems.push({ line: 2, field: WHOLE_FILE, message: say("noDeliveriesInFile") });
  return { deliveries, problems };
}
