/**
 * A statement as its readers get it: a period of whole UTC days, amounts in the unit's major units
 * (the API's JSON, lib/contract/statement.ts), and the same lines as CSV. The budget side (requests
 * reserved, released unsent) is the platform's own: a provider never learns of a request held for
 * approval, so its statement leaves it out.
 */
import Papa from "papaparse";
import { fromMinor } from "../money";
import type { Figure, UnitStatement } from "./statement";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants of a period of days, YYYY-MM-DD, both inclusive (checked by the contract's schema). */
export function periodOf({ from, to }: { from: string; to: string }) {
  return { start: new Date(`${from}T00:00:00Z`), end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) };
}

const figure = ({ count, amountMinor }: Figure) => ({ count, amount: fromMinor(amountMinor) });

/** The provider's lines of one unit, in major units. */
function providerLines(line: UnitStatement) {
  return {
    unit: line.unit,
    openingPending: figure(line.openingPending),
    sent: { requests: line.sent.requests, ...figure(line.sent) },
    delivered: figure(line.delivered),
    deliveredInPart: {
      ...figure(line.deliveredInPart),
      undelivered: fromMinor(line.deliveredInPart.undeliveredMinor),
    },
    revertedUndelivered: figure(line.revertedUndelivered),
    revertedAfterDelivery: figure(line.revertedAfterDelivery),
    refundsRequested: figure(line.refundsRequested),
    closingPending: figure(line.closingPending),
  };
}

export interface StatementHeading {
  provider: string | null;
  program: string | null;
  from: string;
  to: string;
}

/** The provider API's answer: the provider's lines only. */
export const providerStatementAnswer = (heading: StatementHeading, units: UnitStatement[]) => ({
  ...heading,
  units: units.map(providerLines),
});

/** The platform API's answer: the provider's lines and the budget's side. */
export const statementAnswer = (heading: StatementHeading, units: UnitStatement[]) => ({
  ...heading,
  units: units.map((line) => ({
    ...providerLines(line),
    budget: { reserved: figure(line.budget.reserved), releasedUnsent: figure(line.budget.releasedUnsent) },
  })),
});

/** The lines a statement's CSV and page show, in order; the budget's two for the platform's readers. */
export const STATEMENT_LINES = [
  "openingPending",
  "sent",
  "delivered",
  "deliveredInPart",
  "revertedUndelivered",
  "revertedAfterDelivery",
  "refundsRequested",
  "closingPending",
] as const;
export const BUDGET_LINES = ["reserved", "releasedUnsent"] as const;
export type StatementLine = (typeof STATEMENT_LINES)[number] | (typeof BUDGET_LINES)[number];

/** One row per unit and line: what it counts, its amount, and what partial deliveries left undelivered. */
export function statementRows(units: UnitStatement[], withBudget: boolean) {
  return units.flatMap((unit) => [
    ...STATEMENT_LINES.map((line) => ({
      unit: unit.unit,
      line: line as StatementLine,
      ...unit[line],
      undeliveredMinor: line === "deliveredInPart" ? unit.deliveredInPart.undeliveredMinor : null,
    })),
    ...(withBudget
      ? BUDGET_LINES.map((line) => ({
          unit: unit.unit,
          line: line as StatementLine,
          ...unit.budget[line],
          undeliveredMinor: null,
        }))
      : []),
  ]);
}

/** The statement as CSV (formulas escaped, as every export): a heading row, then the rows. */
export function statementCsv(heading: StatementHeading, units: UnitStatement[], withBudget: boolean) {
  const rows = statementRows(units, withBudget).map((row) => [
    heading.from,
    heading.to,
    row.unit,
    row.line,
    row.count,
    fromMinor(row.amountMinor),
    row.undeliveredMinor === null ? "" : fromMinor(row.undeliveredMinor),
  ]);
  return `${Papa.unparse([["from", "to", "unit", "line", "count", "amount", "undelivered"], ...rows], {
    escapeFormulae: true,
    newline: "\r\n",
  })}\r\n`;
}
