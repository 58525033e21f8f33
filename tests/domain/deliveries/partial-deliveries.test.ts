/**
 * Partial delivery (issue 32, item 1): Delivery/Sync's deliveryAmount is what the provider actually
 * delivered, in the delivery's unit. 40 of 100.00 counts 40 delivered and gives 60 back to every
 * budget the request reserved against; a later revert gives back the 40; more than was sent, 0 for
 * a delivered one, or another unit refuses the whole report (400 naming the field) and writes
 * nothing; no amount means the whole amount. On the real database, by the domain and over HTTP.
 */
import { describe, expect, inject, it } from "vitest";
import { syncDeliveries } from "@/lib/domain/deliveries";
import { issueApiKey } from "@/lib/domain/keys";
import { programSpending } from "@/lib/domain/programs";
import { signedIn } from "../../support/http/portal-session";
import { checkInvariants, checkProgramSpending } from "../../support/money/money-ledger";
import { account, delivery, refusal, sendThrough, servingChannel } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, MANAGER, providerKey } from "../../support/users/actors";

const database = openTestDb();

/** A channel with a budget of its own serving a program, and one request of 100.00 and 50.00 EUR. */
async function sentHundredAndFifty() {
  const setup = await servingChannel({ currency: "EUR", amount: 1000 });
  const sent = await sendThrough(setup, "Partial", [delivery(100), delivery(50)]);
  const [hundred, fifty] = await database()
    .db()
    .delivery.findMany({
      where: { deliveryRequestId: sent.deliveryRequestId },
      orderBy: { amountMinor: "desc" },
    });
  const programAccount = await database()
    .db()
    .budgetAccount.findUniqueOrThrow({ where: { programId: setup.programId } });
  return { setup, requestId: sent.deliveryRequestId, hundred: hundred!.id, fifty: fifty!.id, programAccount };
}

type World = Awaited<ReturnType<typeof sentHundredAndFifty>>;

/** Every invariant of the money (tests/support/money/money-ledger.ts) on both accounts and the spending. */
async function invariantsHold(world: World) {
  const check = (ok: boolean, what: string) => expect(ok, what).toBe(true);
  await checkInvariants((await account(world.setup.channelId)).id, check);
  await checkInvariants(world.programAccount.id, check);
  await checkProgramSpending(world.setup.programId, check);
}

const request = (world: World) =>
  database()
    .db()
    .deliveryRequest.findUniqueOrThrow({ where: { id: world.requestId } });

it("40 delivered of 100.00 counts 40 and gives 60 back to both budgets; a revert then gives back the 40", async () => {
  const world = await sentHundredAndFifty();
  const owner = providerKey(world.setup.providerId);
  await syncDeliveries(owner, [
    { deliveryId: world.hundred, status: "DELIVERED", deliveryAmount: 40, deliveryUnit: "EUR" },
    { deliveryId: world.fifty, status: "DELIVERY_COLLECTED" }, // no amount: the whole 50.00
  ]);
  expect(await account(world.setup.channelId)).toMatchObject({
    reservedMinor: 9_000n,
    deliveredMinor: 9_000n,
  });
  expect(await request(world)).toMatchObject({
    deliveredMinor: 9_000n,
    undeliveredMinor: 6_000n,
    revertedMinor: 0n,
  });
  expect(
    await database()
      .db()
      .delivery.findUniqueOrThrow({ where: { id: world.hundred } }),
  ).toMatchObject({ deliveredAmountMinor: 4_000n, status: "DELIVERED" });
  const moves = await database()
    .db()
    .budgetMovement.findMany({
      where: { accountId: world.programAccount.id, deliveryId: world.hundred },
      orderBy: { id: "asc" },
    });
  expect(moves.map(({ kind, amountMinor }) => [kind, amountMinor])).toEqual([
    ["DELIVERED", 4_000n],
    ["RELEASED", 6_000n],
  ]);
  const [spending] = await programSpending(MANAGER, world.setup.programId);
  expect(spending).toMatchObject({ sentMinor: 15_000n, reservedMinor: 9_000n, undeliveredMinor: 6_000n });
  await invariantsHold(world);

  // Reported again, with another amount: counted once, as the first report said.
  await syncDeliveries(owner, [{ deliveryId: world.hundred, status: "DELIVERED", deliveryAmount: 90 }]);
  expect(await account(world.setup.channelId)).toMatchObject({
    reservedMinor: 9_000n,
    deliveredMinor: 9_000n,
  });

  await syncDeliveries(owner, [{ deliveryId: world.hundred, status: "DELIVERY_REVERTED" }]);
  expect(await account(world.setup.channelId)).toMatchObject({
    reservedMinor: 5_000n,
    deliveredMinor: 5_000n,
  });
  expect(await request(world)).toMatchObject({
    deliveredMinor: 5_000n,
    undeliveredMinor: 6_000n,
    revertedMinor: 4_000n,
  });
  await invariantsHold(world);
});

it("an amount above the one sent, 0 for a delivered one, or another unit refuses the whole report", async () => {
  const world = await sentHundredAndFifty();
  const owner = providerKey(world.setup.providerId);
  const fine = { deliveryId: world.fifty, status: "DELIVERED" };
  for (const [bad, field, words] of [
    [{ deliveryAmount: 100.01 }, "deliveryList[1].deliveryAmount", "100.00 EUR"],
    [{ deliveryAmount: 0 }, "deliveryList[1].deliveryAmount", "DELIVERY_REVERTED"],
    [{ deliveryAmount: 40, deliveryUnit: "USD" }, "deliveryList[1].deliveryUnit", "EUR"],
  ] as const) {
    const error = await refusal(
      syncDeliveries(owner, [fine, { deliveryId: world.hundred, status: "DELIVERED", ...bad }]),
    );
    expect([error.kind, error.field]).toEqual(["invalid", field]);
    expect(error.message).toContain(words);
  }
  // Nothing of the refused reports was written, not even their first, valid, outcome.
  expect(await account(world.setup.channelId)).toMatchObject({ reservedMinor: 15_000n, deliveredMinor: 0n });
  expect(
    await database()
      .db()
      .delivery.count({ where: { id: world.fifty, status: "DELIVERED" } }),
  ).toBe(0);
  // A zero on an outcome that delivers nothing is no claim of a delivery; the unit's case is not one.
  await syncDeliveries(owner, [
    { deliveryId: world.fifty, status: "DELIVERY_PENDING", deliveryAmount: 0 },
    { deliveryId: world.hundred, status: "DELIVERED", deliveryAmount: 99.99, deliveryUnit: " eur" },
  ]);
  expect(await account(world.setup.channelId)).toMatchObject({
    reservedMinor: 14_999n,
    deliveredMinor: 9_999n,
  });
  await invariantsHold(world);
});

describe("over HTTP", () => {
  const sync = (key: string, deliveryList: unknown[]) =>
    fetch(`${inject("baseUrl")}/api/Delivery/Sync`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ deliveryList }),
    }).then(async (response) => ({ status: response.status, json: await response.json() }));

  it("answers 400 in the contract's envelope naming the field; racing reports count one amount", async () => {
    const world = await sentHundredAndFifty();
    const { key } = await issueApiKey(ADMIN, world.setup.providerId);
    const over = await sync(key, [{ deliveryId: world.hundred, status: "DELIVERED", deliveryAmount: 150 }]);
    expect(over).toMatchObject({
      status: 400,
      json: { status: "failed", error: { type: "ValidationError" } },
    });
    expect(over.json.error.message).toContain(
      "deliveryList[0].deliveryAmount: is more than the 100.00 EUR sent",
    );
    const unit = await sync(key, [{ deliveryId: world.hundred, status: "DELIVERED", deliveryUnit: "kg" }]);
    expect(unit.status).toBe(400);
    expect(unit.json.error.message).toContain("deliveryList[0].deliveryUnit");

    // Two reports of one delivery with other amounts, at once: one counts, and the money adds up.
    const answers = await Promise.all(
      [30, 70].map((amount) =>
        sync(key, [{ deliveryId: world.hundred, status: "DELIVERED", deliveryAmount: amount }]),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const { deliveredAmountMinor } = await database()
      .db()
      .delivery.findUniqueOrThrow({ where: { id: world.hundred } });
    expect([3_000n, 7_000n]).toContain(deliveredAmountMinor);
    expect(await account(world.setup.channelId)).toMatchObject({
      reservedMinor: 5_000n + deliveredAmountMinor!,
      deliveredMinor: deliveredAmountMinor,
    });
    await invariantsHold(world);

    // The program manager reads it on the request's page and in the program's spending.
    const manager = await signedIn(["program_manager"]);
    const base = `/admin/programs/${world.setup.programId}`;
    const page = await manager.get(`${base}/requests/${world.requestId}`);
    expect(page.body).toContain(`${Number(deliveredAmountMinor) / 100}.00 EUR delivered`);
    const program = await manager.get(base);
    expect(program.body).toContain("Undelivered part");
    expect(program.body).toContain(`${Number(10_000n - deliveredAmountMinor!) / 100}.00 EUR`);
  });
});
