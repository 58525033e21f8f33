/** The delivery log's controls: replay one event, replay the failed ones of whole days, send a test. */

import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";

export const replayEventSchema = z.object({ eventId: recordId });

/** Whole days picked in a form (YYYY-MM-DD, UTC); lib/portal/periods.ts makes the interval. */
export const dayPeriodSchema = z
  .object({ from: z.iso.date("Pick a start date"), to: z.iso.date("Pick an end date") })
  .refine(({ from, to }) => from <= to, {
    message: say("endDateMustNotBeBefore"),
    path: ["to"],
  });
export type DayPeriod = z.infer<typeof dayPeriodSchema>;

export const testEventSchema = z.object({ eventType: recordId });
