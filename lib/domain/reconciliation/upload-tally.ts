/**
 * What an upload keeps of its lines as it goes (upload-statement.ts): the counts and sums of each
 * class per unit, and a break row for each line (or delivery the file lacks) that does not tie out.
 * The lines are matched a batch at a time and only this outlives a batch: our records of a
 * 100,000-line file held at once, with the upload's other work, ran the server's heap out.
 */

import type { OurDelivery, Verdict } from "./classify-lines";
import type { BreakRow, UploadClass, UploadSummary } from "./save-statement-upload";
import type { FileLine } from "./statement-file";

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

  /** The deliveries sent in the period that no line names. */
  addMissing(missing: OurDelivery[]) {
    for (const delivery of missing) {
      this.count("MISSING_FROM_FILE", delivery.unit, delivery.amountMinor);
      this.breaks.push({
        kind: "MISSING_FROM_FILE",
        line: null,
        deliveryId: delivery.id,
        reference: delivery.providerDeliveryId,
        fileAmountMinor: null,
        fileUnit: null,
        fileStatus: null,
        fileOutcome: null,
        ...ours(delivery),
      });
    }
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
