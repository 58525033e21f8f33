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
    line: (error.row ?? 0) + 2,
    field: WHOLE_ROW,
    message: error.message,
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
