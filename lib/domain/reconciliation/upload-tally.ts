/**
 * What an upload keeps of its lines as it goes (upload-statement.ts): the counts and sums of each
 * class per unit, and a break row for each line that does not tie out. The lines are matched a batch
 * at a time and only this outlives a batch: our records of a 100,000-line file held at once, with the
 * upload's other work, ran the server's heap out. The deliveries the file lacks are counted here as
 * they are written, not kept (save-statement-upload.ts).
 */

import type { BreakKind, FileOutcome } from "../../contract/reconciliation/statement-upload-schema";
import type { OurDelivery, Verdict } from "./classify-lines";
import type { FileLine } from "./statement-file";

export type UploadClass = "MATCHED" | BreakKind;
/** Per class, per unit: how many lines (or deliveries) and their sum, minor units as text (JSON). */
export type UploadSummary = Partial<
  Record<UploadClass, Record<string, { count: number; amountMinor: string }>>
>;

/** A break as stored (StatementBreak), less its ids: what the result page and the report show. */
export interface BreakRow {
  kind: BreakKind;
  line: number | null;
  deliveryId: string | null;
  reference: string | null;
  fileAmountMinor: bigint | null;
  fileUnit: string | null;
  fileStatus: string | null;
  /** What the file's status means (the mapping's reading of its label): settling a break asks it. */
  fileOutcome: FileOutcome | null;
  ourAmountMinor: bigint | null;
  ourUnit: string | null;
  ourStatus: string | null;
}

const ours = (delivery: OurDelivery | undefined) => ({
  ourAmountMinor: delivery?.amountMinor ?? null,
  ourUnit: delivery?.unit ?? null,
  ourStatus: delivery?.status ?? null,
});

export class UploadTally {
  readonly breaks: BreakRow[] = [];
  private readonly sums = new Map<UploadClass, Map<string, { count: number; amountMinor: bigint }>>();

  private count(kind: UploadClass, unit: string, amountMinor: bigint) {
    const units = this.sums.get(kind) ?? new Map();
    this.sums.set(kind, units);
    const figure = units.get(unit) ?? { count: 0, amountMinor: 0n };
    units.set(unit, { count: figure.count + 1, amountMinor: figure.amountMinor + amountMinor });
  }

  /** A batch of lines, each with its verdict and the delivery of ours it names (if any). */
  addLines(lines: FileLine[], verdicts: Verdict[], ourOf: (line: FileLine) => OurDelivery | undefined) {
    for (const [index, verdict] of verdicts.entries()) {
      const line = lines[index]!;
      this.count(verdict.kind, line.unit.toLocaleUpperCase("en"), line.amountMinor);
      if (verdict.kind === "MATCHED") continue;
      const delivery = ourOf(line);
      this.breaks.push({
        kind: verdict.kind,
        line: line.line,
        deliveryId: delivery?.id ?? (line.deliveryId || null),
        reference: line.reference || null,
        fileAmountMinor: line.amountMinor,
        fileUnit: line.unit,
        fileStatus: line.status || null,
        fileOutcome: line.outcome,
        ...ours(delivery),
      });
    }
  }

  /** A tally of the same counts and no break rows, to go on from without changing this one. */
  countsOnly(): UploadTally {
    const copy = new UploadTally();
    for (const [kind, units] of this.sums) copy.sums.set(kind, new Map(units));
    return copy;
  }

  /**
   * Deliveries sent in the period that no line names: counted, and answered as their break rows for
   * the caller to write (not kept: a period's may be many).
   */
  missingRows(missing: OurDelivery[]): BreakRow[] {
    return missing.map((delivery) => {
      this.count("MISSING_FROM_FILE", delivery.unit, delivery.amountMinor);
      return {
        kind: "MISSING_FROM_FILE",
        line: null,
        deliveryId: delivery.id,
        reference: delivery.providerDeliveryId,
        fileAmountMinor: null,
        fileUnit: null,
        fileStatus: null,
        fileOutcome: null,
        ...ours(delivery),
      };
    });
  }

  /** Minor units as text: the summary is stored as JSON. */
  summary(): UploadSummary {
    return Object.fromEntries(
      [...this.sums].map(([kind, units]) => [
        kind,
        Object.fromEntries(
          [...units].map(([unit, { count, amountMinor }]) => [
            unit,
            { count, amountMinor: String(amountMinor) },
          ]),
        ),
      ]),
    );
  }
}
