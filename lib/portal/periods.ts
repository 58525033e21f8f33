/** Whole days picked in a form (YYYY-MM-DD, UTC), as the half-open interval the domain expects. */
import type { DayPeriod } from "../contract/forms/webhook-event-forms";

export function dayPeriod(input: DayPeriod): { from: Date; to: Date } {
  const from = new Date(`${input.from}T00:00:00Z`);
  const to = new Date(`${input.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  return { from, to };
}
