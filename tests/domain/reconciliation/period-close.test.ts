/**
 * Closing a provider's period (issue 32, item 6), on the real database: refused before the period
 * ends, while a break of its uploads is open, and twice; once closed, its statement is frozen (its
 * hash in the audit entry), no statement is uploaded for it, and an outcome reported later for one
 * of its deliveries is listed as an exception while the period's statement stays what was frozen.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_STATEMENT_MAPPING } from "@/lib/contract/reconciliation/statement-upload-schema";
import { syncDeliveries } from "@/lib/domain/deliveries";
import {
  approveAdjustment,
  closedPeriod,
  closePeriod,
  frozenStatement,
  periodOf,
  proposeAdjustment,
  statement,
  statementUpload,
  uploadStatement,
} from "@/lib/domain/reconciliation";
import {
  approvedChannel,
  delivery,
  programWith,
  refusal,
  sendThrough,
} from "../../support/money/money-setup";
import { csv, FINANCE, sentThree, today } from "../../support/reconciliation/upload-world";
import { openTestDb } from "../../support/server/test-db";
import { providerKey, userActor } from "../../support/users/actors";

const database = openTestDb();
const SECOND = userActor(["finance_approver"], "finance-closer-second");
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A request of 100, 50 and 30 EUR sent on a day of its own in the past (its request and its
 * reservations dated then, as if sent that day), so that the day is a period that has ended.
 */
async function sentOnAPastDay(daysAgo: number) {
  const world = await sentThree();
  const sentAt = new Date(Date.now() - daysAgo * DAY_MS);
  const { deliveryRequestId } = await database()
    .db()
    .delivery.findUniqueOrThrow({ where: { id: world.hundred }, select: { deliveryRequestId: true } });
  await database()
    .db()
    .deliveryRequest.update({ where: { id: deliveryRequestId }, data: { createdAt: sentAt } });
  await database()
    .db()
    .budgetMovement.updateMany({ where: { deliveryRequestId, kind: "RESERVED" }, data: { at: sentAt } });
  return { ...world, day: sentAt.toISOString().slice(0, 10) };
}

describe("closing a provider's period", () => {
  it("waits for its breaks, freezes its statement, and lists later outcomes as exceptions", async () => {
    // Each run its own day far back, so that runs on one database do not share a period.
    const world = await sentOnAPastDay(400 + Math.floor(Math.random() * 3000));
    const period = { provider: world.setup.providerId, from: world.day, to: world.day };
    const outcome = await uploadStatement(FINANCE, {
      ...period,
      fileName: "day.csv",
      mapping: DEFAULT_STATEMENT_MAPPING,
      csv: csv(`${world.hundred},,100.00,EUR,DELIVERED`, `${world.fifty},,50.00,EUR,DELIVERED`),
    });
    if (!("uploadId" in outcome)) throw new Error("refused");
    const [missing] = (await statementUpload(FINANCE, outcome.uploadId)).breaks;
    expect(missing).toMatchObject({ kind: "MISSING_FROM_FILE", deliveryId: world.thirty });

    // An open break holds the close.
    expect((await refusal(closePeriod(FINANCE, period))).message).toMatch(
      /open breaks before closing it: 1 open/,
    );
    const { adjustmentId } = await proposeAdjustment(FINANCE, {
      breakId: missing!.id,
      kind: "WRITE_OFF",
      reason: "Never paid",
    });
    await approveAdjustment(SECOND, adjustmentId);

    const { statementHash } = await closePeriod(FINANCE, period);
    const live = await statement(FINANCE, { providerId: world.setup.providerId, ...periodOf(period) });
    const closed = (await closedPeriod(FINANCE, world.setup.providerId, period))!;
    expect(frozenStatement(closed.units)).toBe(frozenStatement(live));
    expect(closed).toMatchObject({ statementHash, stillTiesOut: true, exceptionCount: 0 });
    expect(closed.units[0]!.sent).toMatchObject({ count: 3, amountMinor: 18_000n });
    const [entry] = await database()
      .db()
      .auditEntry.findMany({
        where: { action: "statement.period_closed", after: { contains: statementHash } },
      });
    expect(entry?.hash).toBeTruthy();

    // Later: the provider reverts the hundred. The money moves, the period's statement does not.
    await syncDeliveries(providerKey(world.setup.providerId), [
      { deliveryId: world.hundred, status: "DELIVERY_REVERTED" },
    ]);
    const after = (await closedPeriod(FINANCE, world.setup.providerId, period))!;
    expect(after).toMatchObject({ stillTiesOut: true, exceptionCount: 1 });
    expect(after.exceptions[0]).toMatchObject({ id: world.hundred, status: "DELIVERY_REVERTED" });

    // Later still: the provider's first send in another unit. It is not of the period: the table of
    // zeros it adds to the period's statement is no change (the period no longer tied out for it).
    const usd = await approvedChannel(undefined, "Dollars", undefined, {
      id: world.setup.providerId,
      key: "",
    });
    const dollars = await programWith(1000, [usd.channelId], "USD");
    await sendThrough({ programId: dollars, channelId: usd.channelId }, "Dollars", [delivery(10)]);
    expect((await closedPeriod(FINANCE, world.setup.providerId, period))!.stillTiesOut).toBe(true);

    // Closed for good: no upload for it, no second close.
    const upload = uploadStatement(FINANCE, {
      ...period,
      fileName: "late.csv",
      mapping: DEFAULT_STATEMENT_MAPPING,
      csv: csv(`${world.hundred},,100.00,EUR,DELIVERED`),
    });
    expect((await refusal(upload)).message).toMatch(/is closed/);
    expect((await refusal(closePeriod(FINANCE, period))).kind).toBe("conflict");
  });

  it("is refused before the period has ended, and to anyone but a finance approver", async () => {
    const world = await sentThree();
    const period = { provider: world.setup.providerId, from: today, to: today };
    expect((await refusal(closePeriod(FINANCE, period))).message).toMatch(/not ended yet/);
    const manager = userActor(["program_manager"], "closing-manager");
    expect(
      (await refusal(closePeriod(manager, { ...period, from: "2020-01-01", to: "2020-01-31" }))).kind,
    ).toBe("forbidden");
  });
});
