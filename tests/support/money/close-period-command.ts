/**
 * The money model's period close (issue 32, item 6): the model day ends (model-days.ts) and a finance
 * approver closes one provider's period of a day that has ended. Refused while the period's uploads
 * leave a break open, and once it is closed; else its statement is frozen as it stands, its hash in
 * the close's audit entry. After every later step (checkClosedPeriods, from the test's verify) each
 * closed period still gives its frozen statement, and lists as its exceptions exactly the deliveries
 * the model changed after the close.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { expect } from "vitest";
import { db } from "../../../lib/db";
import {
  closedPeriod,
  closePeriod,
  frozenStatement,
  periodOf,
  statement,
} from "../../../lib/domain/reconciliation";
import { userActor } from "../users/actors";
import { dayText } from "./model-days";
import { type Model, periodKey, type Real } from "./money-model";

const CLOSER = userActor(["finance_approver"], "model-closer");

const periodFor = (real: Real, channel: number, day: number) => ({
  provider: real.channels[channel]!.providerId,
  from: dayText(day),
  to: dayText(day),
});

export class ClosePeriod implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly channel: number,
    readonly dayPick: number,
    readonly verify: (m: Model, real: Real) => Promise<void>,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    // An ended day, or today's, which ends first: sends from now on are the next day's.
    const day = this.dayPick % (m.day + 1);
    if (day === m.day) m.day++;
    const period = periodFor(real, this.channel, day);
    const open = await db().statementBreak.count({
      where: {
        settledAt: null,
        upload: {
          providerId: period.provider,
          periodStart: periodOf(period).start,
          periodEnd: periodOf(period).end,
        },
      },
    });
    const closing = closePeriod(CLOSER, period);
    if (m.closed.has(periodKey(this.channel, day)))
      await expect(closing).rejects.toThrow(/overlaps the closed/);
    else if (open > 0) await expect(closing).rejects.toThrow(`${open} open in its uploads`);
    else {
      const { statementHash } = await closing;
      m.closed.add(periodKey(this.channel, day));
      const live = await statement(CLOSER, { providerId: period.provider, ...periodOf(period) });
      expect(statementHash).toBe(createHash("sha256").update(frozenStatement(live)).digest("hex"));
      const entry = await db().auditEntry.findFirst({
        where: { action: "statement.period_closed", after: { contains: statementHash } },
      });
      expect(entry?.hash, "the close's audit entry holds the statement's hash").toBeTruthy();
    }
    await this.verify(m, real);
  }
  toString = () => `ClosePeriod(${this.channel}, ${this.dayPick})`;
}

export const closePeriodCommand = (verify: (m: Model, real: Real) => Promise<void>) =>
  fc
    .tuple(fc.integer({ min: 0, max: 1 }), fc.nat())
    .map(([channel, dayPick]) => new ClosePeriod(channel, dayPick, verify));

/** Each closed period gives its frozen statement still, and its exceptions are the model's. */
export async function checkClosedPeriods(m: Model, real: Real) {
  for (const key of m.closed) {
    const [channel, day] = key.split("|").map(Number) as [number, number];
    const period = periodFor(real, channel, day);
    const closed = await closedPeriod(CLOSER, period.provider, period);
    const exceptions = m.deliveries.filter((d) => d.channel === channel && d.day === day && d.exception);
    expect(closed?.stillTiesOut, `period ${key} still gives its frozen statement`).toBe(true);
    expect(closed?.exceptions.map((d) => d.id).sort(), `period ${key}'s exceptions`).toEqual(
      exceptions.map((d) => d.id).sort(),
    );
  }
}
