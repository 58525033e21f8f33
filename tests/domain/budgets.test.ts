/**
 * Delivery requests and budgets on the real database: the request, its deliveries and the exact
 * DELIVERY_REQUEST_SENT payload; which budget applies; option validation; refunds; and the
 * no-overspend proof — a budget that allows exactly K requests, 10×K attempts from separate processes
 * at once, then again while reverted deliveries release amounts concurrently.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { decideRequest } from "@/lib/domain/approvals";
import { budgetOverview } from "@/lib/domain/budgets";
import { createProvider } from "@/lib/domain/api-keys";
import { requestChannelCreate } from "@/lib/domain/channels";
import { sendDeliveryRequest, requestRefund } from "@/lib/domain/delivery-requests";
import { syncDeliveries } from "@/lib/domain/delivery-sync";
import { DomainError } from "@/lib/domain/errors";
import { addChannelToProgram, createProgram, deliveryRequestDetail } from "@/lib/domain/programs";
import { ROOT } from "../support/test-server";
import { PHONE_OPTION } from "../support/money-setup";
import { openTestDb } from "../support/test-db";

const database = openTestDb();
const run = promisify(execFile);

/** An approved, ONLINE channel of a new provider, serving a new program. */
async function servingChannel(
  budget: ChannelBody["budget"],
  programUnit = "EUR",
  virtualBudget = 1000,
  deliveryOptions = [PHONE_OPTION],
) {
  const provider = await createProvider(`Budget provider ${randomUUID()}`);
  const id = `budget-${randomUUID()}`;
  await requestChannelCreate(provider.id, {
    providerDeliveryChannelId: id,
    name: { language: "EN", translation: "Cash" },
    landingPage: "www.example.org",
    availability: { categoriesSupported: ["CASH"] },
    budget,
    deliveryOptions,
  });
  const channel = await database()
    .db()
    .channel.findFirstOrThrow({ where: { providerId: provider.id }, include: { requests: true } });
  await decideRequest({ id: "admin", providerId: null }, channel.requests[0]!.id, { approve: true });
  const program = await createProgram({ name: "Winter", description: "", unit: programUnit, virtualBudget });
  await addChannelToProgram(program.id, channel.id);
  return {
    providerId: provider.id,
    channelId: channel.id,
    providerDeliveryChannelId: id,
    programId: program.id,
  };
}

const delivery = (amount: number, phone = "+359 888 123") => ({
  beneficiaryId: `b-${randomUUID()}`,
  amount,
  options: { phone },
});
const account = (channelId: string) =>
  database().db().budgetAccount.findUniqueOrThrow({ where: { channelId } });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("sending a delivery request", () => {
  it("reserves against the channel's budget and queues the exact DELIVERY_REQUEST_SENT payload", async () => {
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    const first = delivery(12.5);
    const sent = await sendDeliveryRequest("manager", {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description: "Ukraine Winterization Cash Delivery",
      deliveries: [first, delivery(7.25, "+380 50 123")],
    });
    expect(await account(setup.channelId)).toMatchObject({
      limitMinor: 10000n,
      reservedMinor: 1975n,
      kind: "CHANNEL",
    });

    const rows = await database()
      .db()
      .delivery.findMany({
        where: { deliveryRequestId: sent.deliveryRequestId },
        orderBy: { amountMinor: "desc" },
      });
    const event = await database()
      .db()
      .outboxEvent.findFirstOrThrow({
        where: { providerId: setup.providerId, eventType: "DELIVERY_REQUEST_SENT" },
      });
    expect(JSON.parse(event.payload)).toEqual({
      deliveryRequestId: sent.deliveryRequestId,
      providerDeliveryChannelId: setup.providerDeliveryChannelId,
      description: "Ukraine Winterization Cash Delivery",
      delivery: [
        {
          deliveryId: rows[0]!.id,
          beneficiaryId: first.beneficiaryId,
          amount: 12.5,
          currency: "EUR",
          deliveryOptions: [{ key: "phone", value: "+359 888 123" }],
        },
        {
          deliveryId: rows[1]!.id,
          beneficiaryId: rows[1]!.beneficiaryId,
          amount: 7.25,
          currency: "EUR",
          deliveryOptions: [{ key: "phone", value: "+380 50 123" }],
        },
      ],
    });
  });

  it("lists a request's deliveries a page at a time, by beneficiary id, searchable in any case", async () => {
    const setup = await servingChannel(undefined, "EUR", 1000);
    const deliveries = Array.from({ length: 120 }, (_, i) => ({
      ...delivery(1),
      beneficiaryId: `Ben-${String(i).padStart(3, "0")}`,
    }));
    const sent = await sendDeliveryRequest("m", {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description: "Many",
      deliveries: deliveries.toReversed(),
    });
    const pages = await Promise.all(
      [1, 2, 3].map((page) => deliveryRequestDetail(setup.programId, sent.deliveryRequestId, { page })),
    );
    expect(pages.map((detail) => detail?.deliveries.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((detail) => detail!.deliveries.map((d) => d.beneficiaryId))).toEqual(
      deliveries.map((d) => d.beneficiaryId),
    );
    expect(pages[0]).toMatchObject({ total: 120, request: { _count: { deliveries: 120 } } });

    const found = await deliveryRequestDetail(setup.programId, sent.deliveryRequestId, { q: "ben-04" });
    expect(found?.deliveries.map((d) => d.beneficiaryId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Ben-04${i}`),
    );
    const other = await servingChannel(undefined);
    expect(await deliveryRequestDetail(other.programId, sent.deliveryRequestId)).toBeNull();
  });

  it("over budget is refused with the remaining amount, and writes nothing", async () => {
    const setup = await servingChannel({ currency: "EUR", amount: 30 });
    await sendDeliveryRequest("m", {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description: "One",
      deliveries: [delivery(20)],
    });
    const error = await refusal(
      sendDeliveryRequest("m", {
        idempotencyKey: randomUUID(),
        programId: setup.programId,
        channelId: setup.channelId,
        description: "Two",
        deliveries: [delivery(10.01)],
      }),
    );
    expect(error.message).toBe(
      "The channel budget of Cash does not allow this request: it needs 10.01 EUR and 10.00 EUR remain.",
    );
    expect((await account(setup.channelId)).reservedMinor).toBe(2000n);
    expect(
      await database()
        .db()
        .deliveryRequest.count({ where: { channelId: setup.channelId } }),
    ).toBe(1);
    expect(
      await database()
        .db()
        .outboxEvent.count({ where: { providerId: setup.providerId, eventType: "DELIVERY_REQUEST_SENT" } }),
    ).toBe(1);
  });

  it("uses the program's virtual budget when the channel has no amount, and refuses a channel budget in another unit", async () => {
    const open = await servingChannel(undefined, "EUR", 50);
    await sendDeliveryRequest("m", {
      idempotencyKey: randomUUID(),
      programId: open.programId,
      channelId: open.channelId,
      description: "Virtual",
      deliveries: [delivery(50)],
    });
    expect(
      await database()
        .db()
        .budgetAccount.findUniqueOrThrow({ where: { programId: open.programId } }),
    ).toMatchObject({
      reservedMinor: 5000n,
      limitMinor: 5000n,
    });

    const dollars = await servingChannel({ currency: "USD", amount: 100 }, "EUR");
    const error = await refusal(
      sendDeliveryRequest("m", {
        idempotencyKey: randomUUID(),
        programId: dollars.programId,
        channelId: dollars.channelId,
        description: "X",
        deliveries: [delivery(1)],
      }),
    );
    expect(error.message).toBe(
      "The channel's budget is in USD but the program gives EUR: choose another channel.",
    );
  });

  it("refuses a channel that does not take the program's currency", async () => {
    const setup = await servingChannel(undefined, "USD");
    await database()
      .db()
      .channel.update({
        where: { id: setup.channelId },
        data: {
          approvedContent: JSON.stringify({
            ...JSON.parse(
              (
                await database()
                  .db()
                  .channel.findUniqueOrThrow({ where: { id: setup.channelId } })
              ).approvedContent!,
            ),
            availability: { categoriesSupported: ["CASH"], currenciesSupported: ["EUR"] },
          }),
        },
      });
    const error = await refusal(
      sendDeliveryRequest("m", {
        idempotencyKey: randomUUID(),
        programId: setup.programId,
        channelId: setup.channelId,
        description: "X",
        deliveries: [delivery(1)],
      }),
    );
    expect(error.message).toBe("The channel does not take USD, the program's currency.");
  });

  it.each([
    ["missing required option", { phone: "" }, "deliveries[0].phone", "Required"],
    ["too short", { phone: "+3" }, "deliveries[0].phone", "at least 6"],
    ["too long", { phone: "+359 888 123 456 789" }, "deliveries[0].phone", "at most 15"],
    ["not matching the regex", { phone: "call me" }, "deliveries[0].phone", "does not match"],
    [
      "an unknown option",
      { phone: "+359 888 123", iban: "X" },
      "deliveries[0].iban",
      "is not a delivery option",
    ],
  ])("refuses a delivery with %s", async (_case, options, field, message) => {
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    const error = await refusal(
      sendDeliveryRequest("m", {
        idempotencyKey: randomUUID(),
        programId: setup.programId,
        channelId: setup.channelId,
        description: "Bad",
        deliveries: [{ beneficiaryId: "b1", amount: 1, options }],
      }),
    );
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
    // Nothing written: not even the channel's budget account, which the refused transaction created.
    expect(
      await database()
        .db()
        .budgetAccount.findUnique({ where: { channelId: setup.channelId } }),
    ).toBeNull();
    expect(
      await database()
        .db()
        .deliveryRequest.count({ where: { channelId: setup.channelId } }),
    ).toBe(0);
  });

  it("checks a catastrophic validationRegex in linear time: refused with the field's message", async () => {
    // Under a backtracking engine this value takes hours against ^(a+)+$, blocking the whole server.
    const option = { ...PHONE_OPTION, fieldMaxLength: 64, validationRegex: "^(a+)+$" };
    const setup = await servingChannel({ currency: "EUR", amount: 100 }, "EUR", 1000, [option]);
    const send = (phone: string) =>
      sendDeliveryRequest("m", {
        idempotencyKey: randomUUID(),
        programId: setup.programId,
        channelId: setup.channelId,
        description: "ReDoS",
        deliveries: [{ beneficiaryId: "b1", amount: 1, options: { phone } }],
      });
    const error = await refusal(send(`${"a".repeat(40)}!`));
    expect([error.field, error.message]).toEqual([
      "deliveries[0].phone",
      "Delivery 1: phone does not match ^(a+)+$",
    ]);
    await expect(send("a".repeat(40))).resolves.toMatchObject({ totalMinor: 100n });
  });
});

it("a refund request queues DELIVERY_REFUND_REQUESTED; the provider's DELIVERY_REVERTED releases the amount once", async () => {
  const setup = await servingChannel({ currency: "EUR", amount: 100 });
  const sent = await sendDeliveryRequest("m", {
    idempotencyKey: randomUUID(),
    programId: setup.programId,
    channelId: setup.channelId,
    description: "R",
    deliveries: [delivery(40)],
  });
  const { id } = await database()
    .db()
    .delivery.findFirstOrThrow({ where: { deliveryRequestId: sent.deliveryRequestId } });
  await requestRefund("admin", id, "Wrong beneficiary");
  await expect(requestRefund("admin", id, "Again")).rejects.toBeInstanceOf(DomainError);
  const event = await database()
    .db()
    .outboxEvent.findFirstOrThrow({
      where: { providerId: setup.providerId, eventType: "DELIVERY_REFUND_REQUESTED" },
    });
  expect(JSON.parse(event.payload)).toEqual({ deliveryId: id });

  await Promise.all([
    syncDeliveries(setup.providerId, [{ deliveryId: id, status: "DELIVERY_REVERTED" }]),
    syncDeliveries(setup.providerId, [{ deliveryId: id, status: "DELIVERY_REVERTED" }]),
  ]);
  expect((await account(setup.channelId)).reservedMinor).toBe(0n);
  const otherProvider = await createProvider("Not theirs");
  await expect(
    syncDeliveries(otherProvider.id, [{ deliveryId: id, status: "DELIVERED" }]),
  ).rejects.toBeInstanceOf(DomainError);
});

describe("the no-overspend proof", () => {
  const K = 5;
  const REQUEST = 20; // each request: two deliveries of 10.00
  const PROCESSES = 5;

  async function inProcesses(mode: "send" | "revert", argsPerProcess: string[][]) {
    const outputs = await Promise.all(
      argsPerProcess.map((args) =>
        run(process.execPath, ["--import", "tsx", "tests/support/send-attempts.ts", mode, ...args], {
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
        select: { _count: { select: { deliveries: true } } },
      });
    return {
      budget,
      liveMinor: live.reduce((sum, d) => sum + d.amountMinor, 0n),
      partialRequests: partial.filter((r) => r._count.deliveries !== 2).length,
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

describe("the providers' sync operations over HTTP", () => {
  const call = (path: string, key: string, body: unknown) =>
    fetch(`${inject("baseUrl")}${path}`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, json: await response.json() }));

  it("record the request's status and the deliveries' outcomes; a revert returns the amount, once", async () => {
    const { issueApiKey } = await import("@/lib/domain/api-keys");
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    const { key } = await issueApiKey(setup.providerId);
    const sent = await sendDeliveryRequest("m", {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description: "Sync",
      deliveries: [delivery(30), delivery(20)],
    });
    const [big, small] = await database()
      .db()
      .delivery.findMany({
        where: { deliveryRequestId: sent.deliveryRequestId },
        orderBy: { amountMinor: "desc" },
      });

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
    const later = await sendDeliveryRequest("m", {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description: "Delivered, then reverted",
      deliveries: [delivery(15), delivery(5)],
    });
    const [fifteen, five] = await database()
      .db()
      .delivery.findMany({
        where: { deliveryRequestId: later.deliveryRequestId },
        orderBy: { amountMinor: "desc" },
      });
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

    const other = await createProvider("Other");
    const otherKey = (await issueApiKey(other.id)).key;
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
