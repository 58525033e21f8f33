/**
 * Refunds and the providers' sync operations on the real database: DELIVERY_REFUND_REQUESTED, a
 * revert releasing its amount once, and DeliveryRequest/Sync and Delivery/Sync over HTTP.
 */

import { describe, expect, inject, it } from "vitest";
import { budgetOverview } from "@/lib/domain/budgets";
import { syncDeliveries } from "@/lib/domain/deliveries";
import { DomainError } from "@/lib/domain/errors";
import { requestRefund } from "@/lib/domain/payments";
import { createProvider } from "@/lib/domain/providers";
import {
  account,
  delivery,
  sendThrough,
  sentDelivery,
  servingChannel,
} from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, MANAGER, providerKey } from "../../support/users/actors";

const database = openTestDb();

it("a refund request queues DELIVERY_REFUND_REQUESTED; the provider's DELIVERY_REVERTED releases the amount once", async () => {
  const setup = await servingChannel({ currency: "EUR", amount: 100 });
  const id = await sentDelivery(setup.programId, setup.channelId, 40, "R");
  await requestRefund(MANAGER, id, "Wrong beneficiary");
  await expect(requestRefund(MANAGER, id, "Again")).rejects.toBeInstanceOf(DomainError);
  const event = await database()
    .db()
    .outboxEvent.findFirstOrThrow({
      where: { providerId: setup.providerId, eventType: "DELIVERY_REFUND_REQUESTED" },
    });
  expect(JSON.parse(event.payload)).toEqual({ deliveryId: id });

  await Promise.all([
    syncDeliveries(providerKey(setup.providerId), [{ deliveryId: id, status: "DELIVERY_REVERTED" }]),
    syncDeliveries(providerKey(setup.providerId), [{ deliveryId: id, status: "DELIVERY_REVERTED" }]),
  ]);
  expect((await account(setup.channelId)).reservedMinor).toBe(0n);
  const otherProvider = await createProvider(ADMIN, "Not theirs");
  await expect(
    syncDeliveries(providerKey(otherProvider.id), [{ deliveryId: id, status: "DELIVERED" }]),
  ).rejects.toBeInstanceOf(DomainError);
});

it("one report's movements lead, in its order, to the figures it leaves; the burn-down ends there", async () => {
  const setup = await servingChannel({ currency: "EUR", amount: 100 });
  const sent = await sendThrough(
    setup,
    "Moves",
    [10, 20, 30, 40].map((amount) => delivery(amount)),
  );
  const deliveries = await database()
    .db()
    .delivery.findMany({
      where: { deliveryRequestId: sent.deliveryRequestId },
      orderBy: { amountMinor: "asc" },
    });
  const [ten, twenty, thirty, forty] = deliveries.map((row) => row.id);
  const owner = providerKey(setup.providerId);
  await syncDeliveries(owner, [{ deliveryId: thirty!, status: "DELIVERED" }]);
  await syncDeliveries(owner, [
    { deliveryId: ten!, status: "DELIVERED" },
    { deliveryId: twenty!, status: "DELIVERY_REVERTED" },
    { deliveryId: thirty!, status: "DELIVERY_REVERTED" }, // delivered before: leaves delivered too
    { deliveryId: forty!, status: "DELIVERY_REVERTED" },
  ]);
  expect(await account(setup.channelId)).toMatchObject({ reservedMinor: 1000n, deliveredMinor: 1000n });
  const { id: accountId } = await account(setup.channelId);
  const moves = await database()
    .db()
    .budgetMovement.findMany({ where: { accountId }, orderBy: [{ at: "asc" }, { id: "asc" }] });
  expect(
    moves.map(({ kind, amountMinor, reservedAfterMinor }) => [kind, amountMinor, reservedAfterMinor]),
  ).toEqual([
    ["RESERVED", 10_000n, 10_000n],
    ["DELIVERED", 3_000n, 10_000n],
    ["DELIVERED", 1_000n, 10_000n],
    ["RELEASED", 2_000n, 8_000n],
    ["RELEASED", 3_000n, 5_000n],
    ["RELEASED", 4_000n, 1_000n],
  ]);
  const overview = await budgetOverview({ channelId: setup.channelId });
  expect(overview?.burnDown.at(-1)?.reservedAfterMinor).toBe(1_000n);
});

it("records outcomes that move no money, written together, each with its own provider id", async () => {
  const setup = await servingChannel({ currency: "EUR", amount: 100 });
  const sent = await sendThrough(
    setup,
    "Statuses",
    [1, 2, 3, 4].map((amount) => delivery(amount)),
  );
  const ids = (
    await database()
      .db()
      .delivery.findMany({
        where: { deliveryRequestId: sent.deliveryRequestId },
        orderBy: { amountMinor: "asc" },
      })
  ).map((row) => row.id);
  await syncDeliveries(providerKey(setup.providerId), [
    { deliveryId: ids[0]!, status: "DELIVERY_PENDING" },
    { deliveryId: ids[1]!, status: "DELIVERY_PENDING", providerDeliveryId: "P-2" },
    { deliveryId: ids[2]!, status: "DELIVERY_READY_TO_COLLECT" },
    { deliveryId: ids[3]!, status: "DELIVERY_PENDING" },
  ]);
  const rows = await database()
    .db()
    .delivery.findMany({ where: { id: { in: ids } }, orderBy: { amountMinor: "asc" } });
  expect(rows.map(({ status, providerDeliveryId }) => [status, providerDeliveryId])).toEqual([
    ["DELIVERY_PENDING", null],
    ["DELIVERY_PENDING", "P-2"],
    ["DELIVERY_READY_TO_COLLECT", null],
    ["DELIVERY_PENDING", null],
  ]);
  expect(await account(setup.channelId)).toMatchObject({ reservedMinor: 1_000n, deliveredMinor: 0n });
});

describe("the providers' sync operations over HTTP", () => {
  /** A request's deliveries, the largest amount first. */
  const largestFirst = (deliveryRequestId: string) =>
    database()
      .db()
      .delivery.findMany({ where: { deliveryRequestId }, orderBy: { amountMinor: "desc" } });
  const call = (path: string, key: string, body: unknown) =>
    fetch(`${inject("baseUrl")}${path}`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, json: await response.json() }));

  it("record the request's status and the deliveries' outcomes; a revert returns the amount, once", async () => {
    const { issueApiKey } = await import("@/lib/domain/keys");
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    const { key } = await issueApiKey(ADMIN, setup.providerId);
    const sent = await sendThrough(setup, "Sync", [delivery(30), delivery(20)]);
    const [big, small] = await largestFirst(sent.deliveryRequestId);

    const synced = await call("/api/DeliveryRequest/Sync", key, {
      deliveryRequestId: sent.deliveryRequestId,
      providerDeliveryRequestId: "ACME-1",
      status: "APPROVED",
    });
    expect(synced).toMatchObject({
      status: 200,
      json: { status: "success", data: { message: "Delivery request synchronised" } },
    });
    expect(
      await database()
        .db()
        .deliveryRequest.findUniqueOrThrow({ where: { id: sent.deliveryRequestId } }),
    ).toMatchObject({
      status: "APPROVED",
      providerDeliveryRequestId: "ACME-1",
    });

    const report = {
      deliveryList: [
        { deliveryId: big!.id, providerDeliveryId: "TX-1", status: "DELIVERY_COLLECTED" },
        { deliveryId: small!.id, status: "DELIVERY_REVERTED", providerStatus: "CANCELLED" },
      ],
    };
    expect((await call("/api/Delivery/Sync", key, report)).status).toBe(200);
    expect((await call("/api/Delivery/Sync", key, report)).status).toBe(200); // reported twice: counted once
    expect(await account(setup.channelId)).toMatchObject({ reservedMinor: 3000n, deliveredMinor: 3000n });

    // Finding 9: a delivery reported delivered and then reverted is no longer delivered.
    const later = await sendThrough(setup, "Delivered, then reverted", [delivery(15), delivery(5)]);
    const [fifteen, five] = await largestFirst(later.deliveryRequestId);
    const delivered = {
      deliveryList: [
        { deliveryId: fifteen!.id, status: "DELIVERED" },
        { deliveryId: five!.id, status: "DELIVERY_COLLECTED" },
      ],
    };
    expect((await call("/api/Delivery/Sync", key, delivered)).status).toBe(200);
    expect(await account(setup.channelId)).toMatchObject({ reservedMinor: 5000n, deliveredMinor: 5000n });
    const reverted = { deliveryList: [{ deliveryId: fifteen!.id, status: "DELIVERY_REVERTED" }] };
    expect((await call("/api/Delivery/Sync", key, reverted)).status).toBe(200);
    expect((await call("/api/Delivery/Sync", key, reverted)).status).toBe(200);
    // A late "delivered" after the revert changes nothing either.
    expect((await call("/api/Delivery/Sync", key, delivered)).status).toBe(200);
    expect(await account(setup.channelId)).toMatchObject({ reservedMinor: 3500n, deliveredMinor: 3500n });
    expect(await budgetOverview({ channelId: setup.channelId })).toMatchObject({
      reservedMinor: 3500n,
      deliveredMinor: 3500n,
      remainingMinor: 6500n,
    });

    const other = await createProvider(ADMIN, "Other");
    const otherKey = (await issueApiKey(ADMIN, other.id)).key;
    expect((await call("/api/Delivery/Sync", otherKey, report)).status).toBe(404);
    expect(
      (
        await call("/api/DeliveryRequest/Sync", otherKey, {
          deliveryRequestId: sent.deliveryRequestId,
          status: "FAILED",
        })
      ).status,
    ).toBe(404);
    const invalid = await call("/api/Delivery/Sync", key, {
      deliveryList: [{ deliveryId: big!.id, status: "LOST" }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.message).toContain("deliveryList[0].status");
  });
});
