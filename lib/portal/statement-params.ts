/**
 * A statement page's query as its form sends it (blank fields absent), with the period this month so
 * far when none is given, checked by the contract's schema: one reading for the page and its CSV.
 */
import {
  providerStatementBodySchema,
  statementQuerySchema,
} from "../contract/reconciliation/statement-schema";

type Raw = Record<string, string | string[] | undefined>;

const text = (raw: Raw, name: string) => {
  const value = raw[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
};

/** This month so far, in UTC days. */
function thisMonth(today = new Date()) {
  const day = today.toISOString().slice(0, 10);
  return { from: `${day.slice(0, 8)}01`, to: day };
}

/** The console's: a provider, a program or both, and the period. */
export function consoleStatementQuery(raw: Raw) {
  const shown = {
    ...thisMonth(),
    ...Object.fromEntries(
      ["from", "to", "provider", "program"].flatMap((name) => {
        const value = text(raw, name);
        return value === undefined ? [] : [[name, value]];
      }),
    ),
  } as { from: string; to: string; provider?: string; program?: string };
  return { shown, parsed: statementQuerySchema.safeParse(shown) };
}

/** The portal's: the period only (the provider is the reader's organisation). */
export function portalStatementQuery(raw: Raw) {
  const shown = { from: text(raw, "from") ?? thisMonth().from, to: text(raw, "to") ?? thisMonth().to };
  return { shown, parsed: providerStatementBodySchema.safeParse(shown) };
}

/** A refused query's problems as "field: message", for the page to show in the reader's words. */
export const queryProblems = (error: { issues: Array<{ path: PropertyKey[]; message: string }> }) =>
  error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
