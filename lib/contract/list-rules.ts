/**
 * Rules for lists that several schemas share: a bound checked before the items, and items unique by
 * a key. Kept apart so that each rule is written once.
 */
import { z } from "zod";
import { say } from "./validation-messages";

/**
 * An array of at most `max` items. zod checks the size before the items, so an oversized hostile list
 * costs one message; `when` keeps the size check quiet for a non-array (a string has a length too).
 */
export function boundedArray<T extends z.ZodType>(
  item: T,
  max: number,
  error = say("mustHaveAtMostItems", { max }),
) {
  // zod runs every check's `when` but leaves it out of `.max()`'s parameter type.
  const onlyForArrays = { when: (payload: z.core.ParsePayload) => Array.isArray(payload.value) };
  return z.array(item).max(max, {
    error,
    ...onlyForArrays,
  });
}

/**
 * A superRefine that flags every item whose key an earlier item already had, at `[index].field`.
 */
export function uniqueBy<T>(key: (item: T) => unknown, field: string, message: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      if (seen.has(key(item))) ctx.addIssue({ code: "custom", path: [index, field], message });
      seen.add(key(item));
    });
  };
}
