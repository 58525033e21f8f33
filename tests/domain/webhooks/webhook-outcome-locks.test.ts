/**
 * Two webhook workers recording outcomes of the same subscriptions never deadlock (issue 35: every
 * multi-row writer locks its rows in one order). Each worker's recorder writes a batch of outcomes
 * in one transaction that updates each subscription's health; two batches meeting the same two
 * subscriptions in opposite orders used to lock them in opposite orders, and PostgreSQL aborted
 * one: its outcomes went unrecorded and its events were sent again.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Result } from "../../../lib/jobs/webhook-outcomes";
import { openOwnDatabase } from "../../support/server/own-database";

const database = openOwnDatabase();

describe("two workers recording outcomes of the same subscriptions in opposite orders", () => {
  it("record every outcome: no transaction is aborted", async () => {
    const db = database.db();
    const { createRecorder } = await import("../../../lib/jobs/webhook-outcomes");
    const provider = await db.provider.create({ data: { name: `Locks ${randomUUID()}` } });
    const subscriptions = await Promise.all(
      ["DELIVERY_REQUEST_SENT", "DELIVERY_REFUND_REQUESTED"].map((eventType) =>
        db.subscription.create({
          data: { providerId: provider.id, eventType, callbackUrl: "https://hooks.example.org/x" },
        }),
      ),
    );
    const failed = (subscription: (typeof subscriptions)[number]): Result =>
      ({
        event: { id: randomUUID(), attempts: 0 },
        claimToken: randomUUID(),
        subscription,
        outcome: { kind: "failed", error: "HTTP 500", gone: false },
      }) as unknown as Result;
    const [x, y] = subscriptions as [(typeof subscriptions)[number], (typeof subscriptions)[number]];
    const workers = [createRecorder(), createRecorder()];
    const refused: unknown[] = [];
    const rounds = 40;
    for (let round = 0; round < rounds; round++) {
      const now = new Date();
      // Queued in one turn, each worker's two outcomes are written in one transaction.
      const writes = [
        workers[0]!(failed(x), now),
        workers[0]!(failed(y), now),
        workers[1]!(failed(y), now),
        workers[1]!(failed(x), now),
      ];
      for (const outcome of await Promise.allSettled(writes))
        if (outcome.status === "rejected") refused.push(outcome.reason);
    }
    expect(refused.map(String).slice(0, 3)).toEqual([]);
    const streaks = await db.subscription.findMany({ where: { providerId: provider.id } });
    expect(streaks.map((subscription) => subscription.failureStreak)).toEqual([rounds * 2, rounds * 2]);
  }, 120_000);
});
