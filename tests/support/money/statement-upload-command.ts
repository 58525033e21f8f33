/**
 * The money model's upload of a provider's statement (issue 32, item 3): a file of lines about some
 * deliveries of one channel — delivered, reverted or pending, now and then a cent off or in another
 * currency, a delivery named twice — uploaded once or several times at once. The model applies what
 * the file says wherever a matched line's outcome is new (the classes of
 * lib/domain/reconciliation/classify-lines.ts, restated here from the issue), and the upload must
 * say it applied exactly that many; every copy answers the same upload. The file is the period of the
 * model day its first delivery was sent on (model-days.ts): refused once that period is closed.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { DEFAULT_STATEMENT_MAPPING } from "../../../lib/contract/reconciliation/statement-upload-schema";
import { statementUpload, uploadStatement } from "../../../lib/domain/reconciliation";
import { userActor } from "../users/actors";
import { dayText } from "./model-days";
import { applyOutcome, type Model, type ModelDelivery, periodKey, type Real } from "./money-model";

const FINANCE = userActor(["finance_approver"], "model-finance");
const OUTCOMES = ["DELIVERED", "DELIVERY_REVERTED", "DELIVERY_PENDING"] as const;

export interface FileLineInput {
  index: number;
  status: (typeof OUTCOMES)[number];
  centsOff: number;
  unit: string;
}

/** What the model expects of a line: the status to apply, or null (matched with nothing new, or a break). */
function expectedApply(delivery: ModelDelivery, line: FileLineInput, seen: boolean): string | null {
  if (seen || line.unit !== "EUR") return null;
  const state = delivery.state;
  if (
    line.status === "DELIVERED" &&
    (state === "reverted" || (state === "pending" && delivery.refundRequested))
  )
    return null;
  if (line.status === "DELIVERY_PENDING") return null;
  // The file's amount is the one expected, a cent off or not (run, below).
  if (line.centsOff !== 0) return null;
  if (line.status === "DELIVERED") return state === "pending" ? "DELIVERED" : null;
  return state === "reverted" ? null : "DELIVERY_REVERTED";
}

export class UploadStatement implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly lines: FileLineInput[],
    readonly copies: number,
    readonly verify: (m: Model, real: Real) => Promise<void>,
  ) {}
  check = (m: Readonly<Model>) => m.deliveries.length > 0;
  async run(m: Model, real: Real) {
    const picked = this.lines.map((line) => ({
      line,
      delivery: m.deliveries[line.index % m.deliveries.length]!,
    }));
    const { channel, day } = picked[0]!.delivery;
    const inFile = picked.filter(({ delivery }) => delivery.channel === channel && delivery.day === day);
    const rows = inFile.map(({ line, delivery }) => {
      const expected =
        delivery.state === "pending" ? delivery.amount : (delivery.delivered ?? delivery.amount);
      const amount = (Number(expected + BigInt(line.centsOff)) / 100).toFixed(2);
      return `${delivery.id},,${amount},${line.unit},${line.status}`;
    });
    const csv = ["deliveryId,providerDeliveryId,amount,unit,status", ...rows].join("\n");
    const input = {
      provider: real.channels[channel]!.providerId,
      from: dayText(day),
      to: dayText(day),
      fileName: "model.csv",
      mapping: DEFAULT_STATEMENT_MAPPING,
      csv,
    };
    const uploads = Array.from({ length: this.copies }, () => uploadStatement(FINANCE, input));
    if (m.closed.has(periodKey(channel, day))) {
      await Promise.all(uploads.map((upload) => expect(upload).rejects.toThrow(/period is closed/)));
      return this.verify(m, real);
    }
    const outcomes = await Promise.all(uploads);
    const ids = new Set(outcomes.map((outcome) => ("uploadId" in outcome ? outcome.uploadId : "refused")));
    expect(ids.size).toBe(1);
    const upload = await statementUpload(FINANCE, [...ids][0]!);
    // The same bytes as an earlier step's file are that upload again: nothing changes.
    if (outcomes.every((outcome) => "repeated" in outcome && outcome.repeated)) return this.verify(m, real);
    const seen = new Set<string>();
    let applied = 0;
    for (const { line, delivery } of inFile) {
      const status = expectedApply(delivery, line, seen.has(delivery.id));
      seen.add(delivery.id);
      if (status === null) continue;
      applyOutcome(m, delivery, status, delivery.amount);
      applied++;
    }
    expect(upload.appliedCount).toBe(applied);
    await this.verify(m, real);
  }
  toString = () => `UploadStatement(${JSON.stringify(this.lines)} ×${this.copies})`;
}

export const fileLines = fc.array(
  fc.record({
    index: fc.nat(),
    status: fc.constantFrom(...OUTCOMES),
    centsOff: fc.constantFrom(0, 0, 0, 1, -1),
    unit: fc.constantFrom("EUR", "EUR", "EUR", "USD"),
  }),
  { minLength: 1, maxLength: 4 },
);
