/**
 * A number of days typed in a form (text from its control, or the number the form's own parse made of
 * it: the action receives the client's parsed values, so both must pass) or sent by the API: a whole
 * number from 1 to `max`. Platform tokens' expiry and programs' retention period use it.
 */
import { z } from "zod";
import { say } from "../validation-messages";

export const wholeDays = (max: number) =>
  z
    .union(
      [
        z.number(say("mustBeWholeNumberOfDays")),
        z
          .string()
          .trim()
          .regex(/^\d{1,5}$/, say("mustBeWholeNumberOfDays"))
          .transform(Number),
      ],
      // Text that is no number fails both branches: without this the union said only "Invalid input".
      { error: say("mustBeWholeNumberOfDays") },
    )
    .pipe(
      z
        .number()
        .int(say("mustBeWholeNumberOfDays"))
        .min(1, say("mustBeAtLeast1Day"))
        .max(max, say("mustBeAtMostDays", { max })),
    );
