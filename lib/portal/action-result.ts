/**
 * What every portal server action returns: data, or a message for a toast plus messages per field
 * (dotted paths such as `availability.countriesSupported`) for the form to show at the field.
 * Server actions are public endpoints: they parse their input with the contract schemas and call the
 * same domain functions as the API; domain errors become messages here, never stack traces.
 */
import type { z } from "zod";
import type { PortalMode } from "../contract/forms/portal-mode-form";
import { fieldErrors } from "../contract/issues";
import { findUnstorableText, unstorableSentence } from "../contract/stored-text";
import { say } from "../contract/validation-messages";
import { isOverloaded } from "../db";
import { DomainError } from "../domain/errors";
import { RETRY_AFTER_SECONDS } from "../infrastructure/admission";
import { log } from "../log";

export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * A server action as a client component receives it (defineAction makes them). `pageMode`: the
 * live/test mode the calling page was rendered in (useAction sends it from provider pages), so that
 * an action from a page of the other mode is refused rather than applied to the other data.
 */
export type Action<T = unknown> = (input: unknown, pageMode?: PortalMode) => Promise<ActionResult<T>>;

export const succeed = <T>(data: T): ActionResult<T> => ({ ok: true, data });

/** Parses input with a schema; on failure returns the result to send back as is. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { data: z.infer<S> } | { failure: ActionResult<never> } {
  const unstorable = findUnstorableText(input);
  if (unstorable) {
    const where = unstorable.path || "input";
    return {
      failure: {
        ok: false,
        error: unstorableSentence(unstorable, where),
        fieldErrors: { [where]: unstorable.message },
      },
    };
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  return {
    failure: { ok: false, error: say("someFieldsNeedAttention"), fieldErrors: fieldErrors(schema, input) },
  };
}

/** Runs the action body; a DomainError becomes a message (at its field for "invalid"), anything else is logged. */
export async function runAction<T>(body: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof DomainError) {
      return {
        ok: false,
        error: error.message,
        ...(error.field ? { fieldErrors: { [error.field]: error.message } } : {}),
      };
    }
    // Next's redirect()/notFound() work by throwing: let them through.
    if (isNextControlFlow(error)) throw error;
    // Load, not a fault: nothing was written, and trying again later works (lib/db's isOverloaded).
    if (isOverloaded(error)) {
      log.warn({ err: error }, "database overloaded: the action was not done");
      return { ok: false, error: say("serverBusyTryAgain", { seconds: RETRY_AFTER_SECONDS }) };
    }
    const guid = crypto.randomUUID();
    log.error({ err: error, guid }, "server action failed");
    return { ok: false, error: say("somethingWentWrong", { reference: guid }) };
  }
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return (
    typeof digest === "string" &&
    (digest.startsWith("NEXT_REDIRECT") ||
      digest === "NEXT_NOT_FOUND" ||
      digest.startsWith("NEXT_HTTP_ERROR_FALLBACK"))
  );
}
