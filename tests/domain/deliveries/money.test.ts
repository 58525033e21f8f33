/**
 * Issue 10, finding 5 (money), on the real database: a send carries an idempotency key (a repeat,
 * however concurrent, creates one request); an identical batch to the same channel within 24 h needs
 * an explicit confirmation; the program's virtual budget caps the program's spending even when a
 * channel's own budget applies, and a refusal names the budget; refunds carry a stored reason the
 * provider's event does not carry; a delivery reported delivered twice counts once.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { textOpener } from "@/lib/domain/beneficiary-data";
import { budgetOverview } from "@/lib/domain/budgets";
import {
  type DeliveryList,
  FINGERPRINT_VERSION,
  legacyFingerprint,
  previewDeliveryRequest,
  sendDeliveryRequest,
} from "@/lib/domain/deliveries";
import { requestRefund } from "@/lib/domain/payments";
import { programSpending } from "@/lib/domain/programs";
import {
  approvedChannel,
  delivery,
  programWith,
  refusal,
  requestSentEvents,
  sendThrough,
  sentDelivery,
} from "../../support/money/money-setup";
import { migrationFill } from "../../support/server/migration-fill";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER } from "../../support/users/actors";

const database = openTestDb();

const requestsOf = (channelId: string) => database().db().deliveryRequest.count({ where: { channelId } });
const programBudget = (programId: string) => budgetOverview({ programId });

describe("sending is idempotent", () => {
  it("a send repeated with its key, one after another or all at once, creates one request", async () => {
    const channel = await approvedChannel(undefined);
    const programId = await programWith(1000, [channel.channelId]);
    const send = {
      programId,
      channelId: channel.channelId,
      description: "Winter cash",
      deliveries: [delivery(10), delivery(5)],
      idempotencyKey: randomUUID(),
    };
    const first = await sendDeliveryRequest(MANAGER, send);
    const again = await sendDeliveryRequest(MANAGER, send);
    const racing = await Promise.all(Array.from({ length: 6 }, () => sendDeliveryRequest(MANAGER, send)));
    for (const repeat of [again, ...racing]) expect(repeat.deliveryRequestId).toBe(first.deliveryRequestId);
    expect(await requestsOf(channel.channelId)).toBe(1);
    expect((await programBudget(programId))?.reservedMinor).toBe(1500n);

    // Concurrent first sends of one new key: the unique constraint lets exactly one through.
    const fresh = { ...send, idempotencyKey: randomUUID(), confirmDuplicate: true };
    const together = await Promise.all(Array.from({ length: 6 }, () => sendDeliveryRequest(MANAGER, fresh)));
    expect(new Set(together.map((sent) => sent.deliveryRequestId)).size).toBe(1);
    expect(await requestsOf(channel.channelId)).toBe(2);
    expect((await programBudget(programId))?.reservedMinor).toBe(3000n);
    expect(await requestSentEvents(channel.providerId)).toBe(2);
  });

  it("a key already used for another batch is refused and writes nothing", async () => {
    const channel = await approvedChannel(undefined);
    const programId = await programWith(1000, [channel.channelId]);
    const idempotencyKey = randomUUID();
    const base = { programId, channelId: channel.channelId, description: "A", idempotencyKey };
    await sendDeliveryRequest(MANAGER, { ...base, deliveries: [delivery(10)] });
    const error = await refusal(sendDeliveryRequest(MANAGER, { ...base, deliveries: [delivery(11)] }));
    expect(error.kind).toBe("conflict");
    expect(error.message).toMatch(/already sent with other deliveries/);
    expect(await requestsOf(channel.channelId)).toBe(1);
  });

  it("an identical batch to the same channel within 24 h needs an explicit confirmation", async () => {
    const channel = await approvedChannel(undefined);
    const programId = await programWith(1000, [channel.channelId]);
    const deliveries = [delivery(10, "B-1"), delivery(20, "B-2")];
    const base = { programId, channelId: channel.channelId, description: "Winter" };
    const first = await sendDeliveryRequest(MANAGER, { ...base, deliveries, idempotencyKey: randomUUID() });

    // The same deliveries in another order, under a new key (a new send of the same form).
    const repeat = { ...base, deliveries: deliveries.toReversed(), idempotencyKey: randomUUID() };
    const preview = await previewDeliveryRequest(MANAGER, repeat);
    expect(preview.duplicateOf?.id).toBe(first.deliveryRequestId);
    const error = await refusal(sendDeliveryRequest(MANAGER, repeat));
    expect(error.kind).toBe("conflict");
    expect(error.message).toMatch(/An identical batch .* was sent to this channel/);
    expect(await requestsOf(channel.channelId)).toBe(1);

    const confirmed = await sendDeliveryRequest(MANAGER, { ...repeat, confirmDuplicate: true });
    expect(confirmed.deliveryRequestId).not.toBe(first.deliveryRequestId);
    expect(await requestsOf(channel.channelId)).toBe(2);
  });
});

describe("sends stored before the fingerprint held a hash a delivery (issue 35)", () => {
  /** The fingerprint such a send stored: the hash of its deliveries' rows themselves, sorted. */
  const storeAsBefore = async (deliveryRequestId: string, deliveries: DeliveryList) => {
    const fingerprint = await legacyFingerprint(deliveries);
    expect(fingerprint.startsWith(FINGERPRINT_VERSION)).toBe(false);
    await database()
      .db()
      .deliveryRequest.update({ where: { id: deliveryRequestId }, data: { fingerprint } });
  };

  it("are still a repeat: by their key, and as an identical batch within 24 h", async () => {
    const channel = await approvedChannel(undefined);
    const programId = await programWith(1000, [channel.channelId]);
    const deliveries = [delivery(10, "L-1"), delivery(20, "L-2")];
    const send = { programId, channelId: channel.channelId, description: "Before", deliveries };
    const first = await sendDeliveryRequest(MANAGER, { ...send, idempotencyKey: "before-upgrade" });
    await storeAsBefore(first.deliveryRequestId, deliveries);

    const retried = await sendDeliveryRequest(MANAGER, { ...send, idempotencyKey: "before-upgrade" });
    expect(retried).toMatchObject({ deliveryRequestId: first.deliveryRequestId, replayed: true });
    const other = await refusal(
      sendDeliveryRequest(MANAGER, { ...send, deliveries: [delivery(11)], idempotencyKey: "before-upgrade" }),
    );
    expect(other.message).toMatch(/already sent with other deliveries/);
    const again = { ...send, deliveries: deliveries.toReversed(), idempotencyKey: randomUUID() };
    expect((await previewDeliveryRequest(MANAGER, again)).duplicateOf?.id).toBe(first.deliveryRequestId);
    expect((await refusal(sendDeliveryRequest(MANAGER, again))).message).toMatch(/An identical batch/);
    expect(await requestsOf(channel.channelId)).toBe(1);
  });
});

describe("both budgets apply", () => {
  it("the program's virtual budget caps a channel with a larger budget of its own (the 6,000 of 5,000 case)", async () => {
    const own = await approvedChannel({ currency: "EUR", amount: 10_000 }, "Own budget");
    const open = await approvedChannel(undefined, "No budget");
    const programId = await programWith(5000, [own.channelId, open.channelId]);
    const base = { programId, description: "Big" };

    const preview = await previewDeliveryRequest(MANAGER, {
      ...base,
      channelId: own.channelId,
      deliveries: [delivery(6000)],
      idempotencyKey: randomUUID(),
    });
    expect(preview.budgets.map((b) => [b.label, b.remainingMinor, b.remainingAfterMinor])).toEqual([
      ["Channel budget of Own budget", 1_000_000n, 400_000n],
      ["Program Virtual Budget", 500_000n, -100_000n],
    ]);
    const tooMuch = await refusal(
      sendThrough({ programId, channelId: own.channelId }, base.description, [delivery(6000)]),
    );
    expect(tooMuch.message).toBe(
      "The Program Virtual Budget does not allow this request: it needs 6,000.00 EUR and 5,000.00 EUR remain.",
    );
    expect(await requestsOf(own.channelId)).toBe(0);

    await sendThrough({ programId, channelId: own.channelId }, base.description, [delivery(3000)]);
    expect((await programBudget(programId))?.remainingMinor).toBe(200_000n);
    expect((await budgetOverview({ channelId: own.channelId }))?.remainingMinor).toBe(700_000n);
    const viaOpen = await refusal(
      sendThrough({ programId, channelId: open.channelId }, base.description, [delivery(2500)]),
    );
    expect(viaOpen.message).toBe(
      "The Program Virtual Budget does not allow this request: it needs 2,500.00 EUR and 2,000.00 EUR remain.",
    );
    await sendThrough({ programId, channelId: open.channelId }, base.description, [delivery(1500)]);

    const spending = await programSpending(MANAGER, programId);
    expect(spending.map((row) => [row.name, row.requests, row.sentMinor, row.reservedMinor])).toEqual([
      ["No budget", 1, 150_000n, 150_000n],
      ["Own budget", 1, 300_000n, 300_000n],
    ]);
  });

  it("a channel budget smaller than what the program has left refuses, and says it was the channel's", async () => {
    const own = await approvedChannel({ currency: "EUR", amount: 100 }, "Kiosk");
    const programId = await programWith(1000, [own.channelId]);
    const error = await refusal(sendThrough({ programId, channelId: own.channelId }, "X", [delivery(150)]));
    expect(error.message).toBe(
      "The channel budget of Kiosk does not allow this request: it needs 150.00 EUR and 100.00 EUR remain.",
    );
    expect((await programBudget(programId))?.reservedMinor).toBe(0n);
  });
});

describe("refunds and reports", () => {
  const call = (path: string, key: string, body: unknown) =>
    fetch(`${inject("baseUrl")}${path}`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((response) => response.status);

  it("a refund needs a reason, which is stored sealed and kept out of the provider's event", async () => {
    const channel = await approvedChannel(undefined);
    const programId = await programWith(1000, [channel.channelId]);
    const id = await sentDelivery(programId, channel.channelId, 40, "R");
    const noReason = await refusal(requestRefund(MANAGER, id, "   "));
    expect([noReason.field, noReason.message]).toEqual(["reason", "Enter a reason for the refund"]);
    await requestRefund(MANAGER, id, "Paid twice by mistake");
    // Free text that may name the beneficiary: sealed with its data key (issue 36).
    const { refundReason } = await database().db().delivery.findUniqueOrThrow({ where: { id } });
    expect(refundReason).toMatch(/^b1\./);
    expect((await textOpener([refundReason]))(refundReason)).toBe("Paid twice by mistake");
    const entry = await database()
      .db()
      .auditEntry.findFirstOrThrow({ where: { action: "delivery.refund_requested", subjectId: id } });
    expect(`${entry.detail}${entry.after}`).not.toContain("Paid twice");
    const event = await database()
      .db()
      .outboxEvent.findFirstOrThrow({
        where: { providerId: channel.providerId, eventType: "DELIVERY_REFUND_REQUESTED" },
      });
    expect(JSON.parse(event.payload)).toEqual({ deliveryId: id });
  });

  it("a delivery reported delivered, pending, then delivered again counts as delivered once, in both budgets", async () => {
    const channel = await approvedChannel({ currency: "EUR", amount: 500 });
    const programId = await programWith(1000, [channel.channelId]);
    const id = await sentDelivery(programId, channel.channelId, 40, "D");
    for (const status of ["DELIVERED", "DELIVERY_PENDING", "DELIVERY_COLLECTED"]) {
      expect(
        await call("/api/Delivery/Sync", channel.apiKey, { deliveryList: [{ deliveryId: id, status }] }),
      ).toBe(200);
    }
    expect(await budgetOverview({ channelId: channel.channelId })).toMatchObject({
      reservedMinor: 4000n,
      deliveredMinor: 4000n,
    });
    expect(await programBudget(programId)).toMatchObject({ reservedMinor: 4000n, deliveredMinor: 4000n });
    await call("/api/Delivery/Sync", channel.apiKey, {
      deliveryList: [{ deliveryId: id, status: "DELIVERY_REVERTED" }],
    });
    expect(await programBudget(programId)).toMatchObject({ reservedMinor: 0n, deliveredMinor: 0n });
    expect(await budgetOverview({ channelId: channel.channelId })).toMatchObject({
      reservedMinor: 0n,
      deliveredMinor: 0n,
    });
  });

  it("a report of 1,000 outcomes, the most Delivery/Sync takes, is applied whole", async () => {
    const channel = await approvedChannel(undefined);
    const programId = await programWith(100_000, [channel.channelId]);
    const sent = await sendThrough(
      { programId, channelId: channel.channelId },
      "A thousand",
      Array.from({ length: 1000 }, () => delivery(1)),
    );
    const ids = (
      await database()
        .db()
        .delivery.findMany({ where: { deliveryRequestId: sent.deliveryRequestId }, select: { id: true } })
    ).map((row) => row.id);
    const deliveryList = ids.map((deliveryId) => ({ deliveryId, status: "DELIVERED" }));
    expect(await call("/api/Delivery/Sync", channel.apiKey, { deliveryList })).toBe(200);
    expect(await programBudget(programId)).toMatchObject({ deliveredMinor: 100_000n });
  });

  it("the program's spending adds up each request's reported outcomes, as the migration fills them in", async () => {
    const channel = await approvedChannel(undefined);
    const programId = await programWith(1000, [channel.channelId]);
    const [delivered, reverted, both] = [
      await sentDelivery(programId, channel.channelId, 40, "Delivered"),
      await sentDelivery(programId, channel.channelId, 25, "Reverted"),
      await sentDelivery(programId, channel.channelId, 10, "Delivered, then reverted"),
    ];
    const report = (deliveryId: string, status: string) =>
      call("/api/Delivery/Sync", channel.apiKey, { deliveryList: [{ deliveryId, status }] });
    for (const [id, status] of [
      [delivered, "DELIVERED"],
      [reverted, "DELIVERY_REVERTED"],
      [both, "DELIVERY_COLLECTED"],
      [both, "DELIVERY_REVERTED"],
      [delivered, "DELIVERED"],
    ] as const)
      expect(await report(id, status)).toBe(200);
    const figures = async () => {
      const [row] = await programSpending(MANAGER, programId);
      return [row?.requests, row?.sentMinor, row?.reservedMinor, row?.deliveredMinor, row?.revertedMinor];
    };
    expect(await figures()).toEqual([3, 7_500n, 4_000n, 4_000n, 3_500n]);

    // The migration that added the columns fills them from the deliveries: the same figures.
    const requests = { where: { programId }, data: { deliveredMinor: 0n, revertedMinor: 0n } };
    await database().db().deliveryRequest.updateMany(requests);
    await database().db().$executeRawUnsafe(migrationFill("20261123220200_request_outcome_sums"));
    expect(await figures()).toEqual([3, 7_500n, 4_000n, 4_000n, 3_500n]);
  });
});
