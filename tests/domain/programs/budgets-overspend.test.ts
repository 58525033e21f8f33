/**
 * The no-overspend proof on the real database: a budget that allows exactly K requests, 10×K
 * attempts from separate processes at once, then again while reverted deliveries release amounts
 * concurrently.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { account, servingChannel } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { ROOT } from "../../support/server/test-server";

const database = openTestDb();
const run = promisify(execFile);

describe("the no-overspend proof", () => {
  const K = 5;
  const REQUEST = 20; // each request: two deliveries of 10.00
  const PROCESSES = 5;

  async function inProcesses(mode: "send" | "revert", argsPerProcess: string[][]) {
    const outputs = await Promise.all(
      argsPerProcess.map((args) =>
        run(process.execPath, ["--import", "tsx", "tests/support/money/send-attempts.ts", mode, ...args], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: inject("databaseUrl"), LOG_LEVEL: "fatal" },
        }),
      ),
    );
    const results = outputs.map(
      ({ stdout }) =>
        JSON.parse(stdout.trim().split("\n").at(-1)!) as {
          accepted: number;
          refused: string[];
          failed: string[];
        },
    );
    return {
      accepted: results.reduce((sum, r) => sum + r.accepted, 0),
      refused: results.flatMap((r) => r.refused),
      failed: results.flatMap((r) => r.failed),
    };
  }

  async function ledger(channelId: string) {
    const budget = await account(channelId);
    const live = await database()
      .db()
      .delivery.findMany({
        where: { deliveryRequest: { channelId }, revertedAt: null },
        select: { amountMinor: true },
      });
    const partial = await database()
      .db()
      .deliveryRequest.findMany({
        where: { channelId },
        select: { deliveryCount: true, _count: { select: { deliveries: true } } },
      });
    return {
      budget,
      liveMinor: live.reduce((sum, d) => sum + d.amountMinor, 0n),
      // A request is whole: both its deliveries written, and the count it keeps says so.
      partialRequests: partial.filter((r) => r._count.deliveries !== 2 || r.deliveryCount !== 2).length,
    };
  }

  it(`exactly K of 10×K concurrent attempts from ${PROCESSES} processes succeed, then again while refunds release`, {
    timeout: 120_000,
  }, async () => {
    const setup = await servingChannel({ currency: "EUR", amount: K * REQUEST });
    const perProcess = (10 * K) / PROCESSES;
    const send = () =>
      inProcesses(
        "send",
        Array.from({ length: PROCESSES }, () => [
          setup.programId,
          setup.channelId,
          String(perProcess),
          String(REQUEST),
        ]),
      );

    const first = await send();
    const afterFirst = await ledger(setup.channelId);
    const overspend = afterFirst.budget.reservedMinor - afterFirst.budget.limitMinor;
    console.log(
      `${inject("databaseKind")}: attempts ${10 * K}, accepted ${first.accepted}, overspend ${overspend > 0n ? overspend : 0}`,
    );
    expect(first.failed).toEqual([]);
    expect(first.accepted).toBe(K);
    expect(first.refused).toHaveLength(10 * K - K);
    for (const message of first.refused)
      expect(message).toMatch(
        /^The channel budget of Cash does not allow this request: it needs 20\.00 EUR and 0\.00 EUR remain\.$/,
      );
    expect(afterFirst.budget.reservedMinor).toBe(afterFirst.budget.limitMinor);
    expect(afterFirst.liveMinor).toBe(afterFirst.budget.reservedMinor);
    expect(afterFirst.partialRequests).toBe(0);

    // Revert every delivery of the accepted requests while 10×K more attempts run.
    const deliveries = await database()
      .db()
      .delivery.findMany({
        where: { deliveryRequest: { channelId: setup.channelId } },
        select: { id: true },
      });
    const [second, reverts] = await Promise.all([
      send(),
      inProcesses("revert", [[setup.providerId, ...deliveries.map((d) => d.id)]]),
    ]);
    const afterSecond = await ledger(setup.channelId);
    const overspend2 = afterSecond.budget.reservedMinor - afterSecond.budget.limitMinor;
    console.log(
      `${inject("databaseKind")} with refunds: attempts ${10 * K}, accepted ${second.accepted}, released ${reverts.accepted} deliveries, overspend ${overspend2 > 0n ? overspend2 : 0}`,
    );
    expect(second.failed).toEqual([]);
    expect(reverts.failed).toEqual([]);
    expect(reverts.accepted).toBe(deliveries.length);
    expect(second.accepted).toBeLessThanOrEqual(K);
    expect(afterSecond.budget.reservedMinor).toBeLessThanOrEqual(afterSecond.budget.limitMinor);
    expect(afterSecond.liveMinor).toBe(afterSecond.budget.reservedMinor);
    expect(afterSecond.budget.reservedMinor).toBe(BigInt(second.accepted * REQUEST * 100));
    expect(afterSecond.partialRequests).toBe(0);
  });
});
