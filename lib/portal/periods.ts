/** Whole days picked in a form (YYYY-MM-DD, UTC), as the half-open interval the domain expects. */
import { z } from "zod";

export const dayPeriodSchema = z
  .object({ from: z.iso.date("Pick a start date"), to: z.iso.date("Pick an end date") })
  .refine(({ from, to }) => from <= to, {
    message: "The end date must not be before the start date",
    path: ["to"],
  });

export function dayPeriod(input: z.infer<typeof dayPeriodSchema>): { from: Date; to: Date } {
  const from = new Date(`${input.from}T00:00:00Z`);
  const to = new Date(`${input.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  return { from, to };
}
