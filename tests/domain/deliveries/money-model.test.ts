/**
 * Model-based test of the money (issue 10): random sequences of sends (some repeated with their
 * idempotency key, some sent several times at once), refunds, and the provider's Delivery/Sync and
 * DeliveryRequest/Sync reports over HTTP with its API key (whole and partial deliveries, and amounts
 * or units that cannot be, issue 32), and uploads of the provider's statement that apply what Sync
 * had not reported (issue 32, item 3; some uploaded twice at once), and the breaks they leave
 * settled by adjustments under four eyes (item 5), and the closes of providers' periods (item 6, on
 * model days: tests/support/money/model-days.ts), against a model of two budgets.
 * After every step, on the stored data (definitions in tests/support/money/money-ledger.ts): reserved never above any limit,
 * reserved = sent − released, delivered + undelivered + pending + reverted = sent, and each budget's
 * reserved amount equals the model's, and the program's spending per channel the database keeps
 * equals its requests' sums. One program (virtual budget 100 EUR) is served by a channel with
 * a budget of its own (60 EUR) and one without. Each closed period keeps its frozen statement, and
 * lists as exceptions exactly the deliveries changed after its close.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, it } from "vitest";
import { DELIVERY_REQUEST_STATUSES, DELIVERY_STATUSES } from "@/lib/contract/sync-reports";
import { DomainError } from "@/lib/domain/errors";
import { requestRefund } from "@/lib/domain/payments";
import { checkClosedPeriods, closePeriodCommand } from "../../support/money/close-period-command";
import { dateSendTo } from "../../support/money/model-days";
import { checkInvariants, checkProgramSpending } from "../../support/money/money-ledger";
import {
  applyOutcome,
  CHANNEL_LIMIT,
  expectedRefusal,
  fingerprint,
  type Model,
  noteChange,
  PROGRAM_LIMIT,
  post,
  type Real,
  reported,
  reportedAmount,
  type SendInput,
  type SyncItem,
  sendInput,
  sendOf,
} from "../../support/money/money-model";
import { approvedChannel, programWith } from "../../support/money/money-setup";
import { settleBreak } from "../../support/money/settle-break-command";
import { checkStatementTiesOut } from "../../support/money/statement-ledger";
import { fileLines, UploadStatement } from "../../support/money/statement-upload-command";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER } from "../../support/users/actors";

const database = openTestDb();
async function verify(m: Model, real: Real) {
  const check = (ok: boolean, what: string) => expect(ok, what).toBe(true);
  const program = await checkInvariants(real.programAccountId, check);
  expect(program.reserved).toBe(m.reserved.program);
  await checkProgramSpending(real.programId, check);
  const own = await database()
    .db()
    .budgetAccount.findUnique({ where: { channelId: real.channels[0]!.channelId } });
  if (own) expect((await checkInvariants(own.id, check)).reserved).toBe(m.reserved.channel);
  else expect(m.reserved.channel).toBe(0n);
  // Each provider's statement of a period from an earlier step to now ties out to the movements.
  const start = m.cuts[(m.cuts.length * 7) % (m.cuts.length + 1)] ?? new Date(0);
  const ofProgram = { id: real.programId, accountId: real.programAccountId };
  for (const [channel, { providerId }] of real.channels.entries()) {
    const period = { start, end: new Date(Date.now() + 1000) };
    const line = await checkStatementTiesOut(ofProgram, providerId, period, check);
    // What is pending at the end (now) is what the model says is pending through that channel.
    const pending = m.deliveries.filter((d) => d.channel === channel && d.state === "pending");
    expect([line?.closingPending.count ?? 0, line?.closingPending.amountMinor ?? 0n]).toEqual([
      pending.length,
      pending.reduce((sum, d) => sum + d.amount, 0n),
    ]);
  }
  await checkClosedPeriods(m, real);
  m.cuts.push(new Date());
}

class Send implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly input: SendInput,
    readonly copies: number,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const key = randomUUID();
    const outcomes = await Promise.allSettled(
      Array.from({ length: this.copies }, () => sendOf(real, this.input, key)),
    );
    const refusal = expectedRefusal(m, this.input);
    if (refusal) {
      for (const outcome of outcomes) {
        expect(outcome.status).toBe("rejected");
        const reason = (outcome as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(DomainError);
        expect((reason as Error).message).toMatch(refusal);
      }
    } else {
      const ids = outcomes.map((o) =>
        o.status === "fulfilled" ? o.value.deliveryRequestId : String(o.reason),
      );
      expect(new Set(ids).size, ids.join(" ")).toBe(1);
      await this.record(m, ids[0]!, key);
    }
    await verify(m, real);
  }
  private async record(m: Model, requestId: string, key: string) {
    const rows = await database()
      .db()
      .delivery.findMany({ where: { deliveryRequestId: requestId } });
    expect(rows.map((r) => r.amountMinor).sort()).toEqual(this.input.rows.map((r) => BigInt(r.minor)).sort());
    await dateSendTo(requestId, m.day, m.sends.length);
    for (const row of rows) {
      m.deliveries.push({
        id: row.id,
        channel: this.input.channel,
        amount: row.amountMinor,
        state: "pending",
        refundRequested: false,
        day: m.day,
      });
      if (this.input.channel === 0) m.reserved.channel += row.amountMinor;
      m.reserved.program += row.amountMinor;
    }
    m.sends.push({ input: this.input, key, requestId });
    m.batches.push({ channel: this.input.channel, fingerprint: fingerprint(this.input) });
  }
  toString = () => `Send(${JSON.stringify(this.input)} ×${this.copies})`;
}

/** A send repeated with its key (a resubmitted form, a retry after a dropped connection). */
class Repeat implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly copies: number,
  ) {}
  check = (m: Readonly<Model>) => m.sends.length > 0;
  async run(m: Model, real: Real) {
    const sent = m.sends[this.index % m.sends.length]!;
    const again = await Promise.all(
      Array.from({ length: this.copies }, () => sendOf(real, sent.input, sent.key)),
    );
    for (const result of again) expect(result.deliveryRequestId).toBe(sent.requestId);
    await verify(m, real);
  }
  toString = () => `Repeat(${this.index} ×${this.copies})`;
}

class Refund implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.deliveries.length > 0;
  async run(m: Model, real: Real) {
    const delivery = m.deliveries[this.index % m.deliveries.length]!;
    const done = requestRefund(MANAGER, delivery.id, "Model refund");
    if (delivery.state === "reverted" || delivery.refundRequested) {
      await expect(done).rejects.toBeInstanceOf(DomainError);
    } else {
      await done;
      delivery.refundRequested = true;
      noteChange(m, delivery);
    }
    await verify(m, real);
  }
  toString = () => `Refund(${this.index})`;
}

/** The provider's Delivery/Sync: outcomes for some deliveries of one channel (repeats refused). */
class SyncDeliveries implements fc.AsyncCommand<Model, Real> {
  constructor(readonly items: SyncItem[]) {}
  check = (m: Readonly<Model>) => m.deliveries.length > 0;
  async run(m: Model, real: Real) {
    const picked = this.items.map((item) => {
      const delivery = m.deliveries[item.index % m.deliveries.length]!;
      return { ...item, delivery, ...reported(delivery, item) };
    });
    const channel = picked[0]!.delivery.channel;
    const report = picked.filter((item) => item.delivery.channel === channel);
    const response = await post("/api/Delivery/Sync", real.channels[channel]!.apiKey, {
      deliveryList: report.map(({ item }) => item),
    });
    // A report naming one delivery twice is refused whole (one outcome per delivery per report), as
    // is one with an amount or unit that cannot be its delivery's.
    const repeats = new Set(report.map(({ delivery }) => delivery.id)).size < report.length;
    const refused = repeats || report.some((item) => item.refused);
    expect(response.status, await response.text()).toBe(refused ? 400 : 200);
    if (!refused) for (const { delivery, status, minor } of report) applyOutcome(m, delivery, status, minor);
    await verify(m, real);
  }
  toString = () => `SyncDeliveries(${JSON.stringify(this.items)})`;
}

/** The provider reverts a delivery it had delivered (whole or in part): rare if left to chance. */
class RevertDelivered implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.deliveries.some((d) => d.state === "delivered");
  async run(m: Model, real: Real) {
    const delivered = m.deliveries.flatMap((d, index) => (d.state === "delivered" ? [index] : []));
    const index = delivered[this.index % delivered.length]!;
    await new SyncDeliveries([{ index, status: "DELIVERY_REVERTED", amount: null }]).run(m, real);
  }
  toString = () => `RevertDelivered(${this.index})`;
}

class SyncRequest implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly status: (typeof DELIVERY_REQUEST_STATUSES)[number],
  ) {}
  check = (m: Readonly<Model>) => m.sends.length > 0;
  async run(m: Model, real: Real) {
    const sent = m.sends[this.index % m.sends.length]!;
    const response = await post("/api/DeliveryRequest/Sync", real.channels[sent.input.channel]!.apiKey, {
      deliveryRequestId: sent.requestId,
      status: this.status,
    });
    expect(response.status).toBe(200);
    await verify(m, real);
  }
  toString = () => `SyncRequest(${this.index}, ${this.status})`;
}

const send = fc
  .tuple(sendInput, fc.integer({ min: 1, max: 3 }))
  .map(([input, copies]) => new Send(input, copies));
// Reports twice over too: outcomes, and outcomes after outcomes, are what statements are about.
const syncDeliveries = fc
  .array(
    fc.record({ index: fc.nat(), status: fc.constantFrom(...DELIVERY_STATUSES), amount: reportedAmount }),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((items) => new SyncDeliveries(items));
// Sends twice over: most other commands need something sent. "max": sequences of up to 30 commands.
const commands = fc.commands(
  [
    send,
    send,
    fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })).map(([index, copies]) => new Repeat(index, copies)),
    fc.nat().map((index) => new Refund(index)),
    syncDeliveries,
    syncDeliveries,
    fc.nat().map((index) => new RevertDelivered(index)),
    fc.tuple(fc.nat(), fc.constantFrom(...DELIVERY_REQUEST_STATUSES)).map(([i, s]) => new SyncRequest(i, s)),
    fc
      .tuple(fileLines, fc.integer({ min: 1, max: 2 }))
      .map(([lines, copies]) => new UploadStatement(lines, copies, verify)),
    settleBreak(verify),
    settleBreak(verify),
    closePeriodCommand(verify),
    closePeriodCommand(verify),
  ],
  { maxCommands: 30, size: "max" },
);

async function setup(): Promise<{ model: Model; real: Real }> {
  const own = await approvedChannel({ currency: "EUR", amount: Number(CHANNEL_LIMIT) / 100 }, "Own");
  const open = await approvedChannel(undefined, "Open");
  const programId = await programWith(Number(PROGRAM_LIMIT) / 100, [own.channelId, open.channelId]);
  const account = await database().db().budgetAccount.findUniqueOrThrow({ where: { programId } });
  return {
    model: {
      reserved: { channel: 0n, program: 0n },
      deliveries: [],
      sends: [],
      batches: [],
      cuts: [],
      day: 0,
      closed: new Set(),
    },
    real: { programId, programAccountId: account.id, channels: [own, open] },
  };
}

it("random sends, repeats, refunds and reports keep every budget's invariants", {
  timeout: 300_000,
}, async () => {
  await fc.assert(
    fc.asyncProperty(commands, (cmds) => fc.asyncModelRun(setup, cmds)),
    { numRuns: 20 },
  );
});
