/**
 * A server action for someone not signed in (accepting an invitation): defineAction without the
 * guard, so the same storable-text check, schema and error handling apply. Whatever it does must be
 * authorized by its input itself (a one-time token), never by who calls it.
 */
import "server-only";
import type { z } from "zod";
import { requestIdFrom, withRequestId } from "../request-context";
import { type ActionResult, parseInput, runAction, succeed } from "./action-result";

export function definePublicAction<S extends z.ZodType, T>(spec: {
  input: S;
  run: (input: z.infer<S>) => Promise<T>;
}): (input: unknown) => Promise<ActionResult<T>> {
  return async (input: unknown) =>
    runAction(() =>
      withRequestId(requestIdFrom(null), async () => {
        const parsed = parseInput(spec.input, input);
        if ("failure" in parsed) return parsed.failure;
        return succeed(await spec.run(parsed.data));
      }),
    );
}
