/**
 * A program's reconciliation window (issue 32, item 4): the days after a send by which the provider
 * reports every outcome, from 1 to a year; empty (null) when the program sets none.
 */
import { z } from "zod";
import { wholeDays } from "../forms/whole-days";
import { recordId } from "../ids";

export const MAX_RECONCILIATION_WINDOW_DAYS = 365;

export const reconciliationWindowSchema = z.strictObject({
  programId: recordId,
  windowDays: z.union([
    z.null(),
    z.literal("").transform(() => null),
    wholeDays(MAX_RECONCILIATION_WINDOW_DAYS),
  ]),
});
export type ReconciliationWindowInput = z.output<typeof reconciliationWindowSchema>;
