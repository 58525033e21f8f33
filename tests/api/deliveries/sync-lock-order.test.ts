/**
 * Delivery/Sync reports racing over real HTTP (issue "No valid request takes the service down"): a
 * report locks its deliveries' rows, their requests' and its budget accounts'; two reports taking
 * one table's rows in different orders deadlocked on PostgreSQL, and one of them answered 500. Every
 * report must be answered, and the money must add up after. The point is PostgreSQL's row locks; it
 * runs in both projects.
 */
import { describe, expect, inject, it } from "vitest";
import { checkInvariants, checkProgramSpending } from "../../support/money/money-ledger";
import { approvedChannel, delivery, programWith, sendThrough } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";

const database = openTestDb();
const baseUrl = inject("baseUrl");

/** Past this, no new round starts: the test stays bounded in time on a slow machine. */
const DEADLINE_MS = 60_000;
const MONEY = { currency: "EUR" as const, amount: 1_000_000 };

/** One provider's two budgeted channels, each serving both of two programs: four accounts, four paths. */
async function crossedBudgets() {
  const first = await approvedChannel(MONEY, "Cash A");
  const provider = { id: first.providerId, key: first.apiKey };
  const second = await approvedChannel(MONEY, "Cash B", undefined, provider);
  const channels = [first.channelId, second.channelId];
  const programs = [await programWith(1_000_000, channels), await programWith(1_000_000, channels)];
  return { apiKey: first.apiKey, channels, programs };
}
type World = Awaited<ReturnType<typeof crossedBudgets>>;

/** `count` new deliveries on each path, their ids as sent[program][channel]. */
async function sendEach(world: World, count: number): Promise<string[][][]> {
  const sent = (programId: string, channelId: string) =>
    sendThrough(
      { programId, channelId },
      "Racing reports",
      Array.from({ length: count }, (_, i) => delivery(1 + (i % 9))),
    ).then(async ({ deliveryRequestId }) =>
      (
        await database()
          .db()
          .delivery.findMany({ where: { deliveryRequestId }, select: { id: true } })
      ).map(({ id }) => id),
    );
  return Promise.all(
    world.programs.map((programId) =>
      Promise.all(world.channels.map((channelId) => sent(programId, channelId))),
    ),
  );
}

/** Mostly outcomes that move money; a revert now and then, and statuses that move none. */
function someStatus(): string {
  const draw = Math.random();
  if (draw < 0.06) return "DELIVERY_REVERTED";
  if (draw < 0.14) return "DELIVERY_PENDING";
  if (draw < 0.2) return "DELIVERY_READY_TO_COLLECT";
  return draw < 0.6 ? "DELIVERED" : "DELIVERY_COLLECTED";
}

/** Delivery/Sync of `ids` in this order; answers the HTTP status (the body when it is not 200). */
async function report(world: World, ids: string[], status: () => string = someStatus) {
  const response = await fetch(`${baseUrl}/api/Delivery/Sync`, {
    method: "POST",
    headers: { "x-api-key": world.apiKey, "content-type": "application/json" },
    body: JSON.stringify({ deliveryList: ids.map((deliveryId) => ({ deliveryId, status: status() })) }),
  });
  return response.status === 200 ? 200 : `${response.status} ${await response.text()}`;
}

/** Each account's figures against its deliveries' final states, and each program's kept spending. */
async function expectMoneyAddsUp(world: World) {
  const check = (ok: boolean, what: string) => expect(ok, what).toBe(true);
  const accounts = await database()
    .db()
    .budgetAccount.findMany({
      where: { OR: [{ channelId: { in: world.channels } }, { programId: { in: world.programs } }] },
    });
  expect(accounts).toHaveLength(4);
  for (const { id } of accounts) await checkInvariants(id, check);
  for (const programId of world.programs) await checkProgramSpending(programId, check);
}

/** Every report answered 200: how many were not, and the first of them, otherwise. */
function expectAllAnswered(answers: Array<number | string>) {
  const failed = answers.filter((answer) => answer !== 200);
  expect({ failed: failed.length, of: answers.length, first: failed[0] }).toEqual({
    failed: 0,
    of: answers.length,
    first: undefined,
  });
}

const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe("Delivery/Sync reports at the same moment", () => {
  it("naming the same deliveries in opposite orders are all answered, and the money adds up", async () => {
    const world = await crossedBudgets();
    const ROUNDS = 8;
    const PAIRS = 13;
    const started = Date.now();
    const answers: Array<number | string> = [];
    for (let round = 0; round < ROUNDS && Date.now() - started < DEADLINE_MS; round++) {
      // Fresh deliveries each round: a reverted one is final, and its row is no longer written.
      const order = shuffled((await sendEach(world, 5)).flat(2));
      const reversed = [...order].reverse();
      answers.push(
        ...(await Promise.all(
          Array.from({ length: PAIRS }, () => [report(world, order), report(world, reversed)]).flat(),
        )),
      );
    }
    expect(answers.length).toBeGreaterThanOrEqual(2 * PAIRS);
    expectAllAnswered(answers);
    await expectMoneyAddsUp(world);
  }, 180_000);

  it("naming other deliveries of the same budgets, met in opposite orders, are all answered", async () => {
    const world = await crossedBudgets();
    const PAIRS = 100;
    const AT_ONCE = 20;
    // sent[program][channel]: one report meets channel 0's budget first, the other channel 1's.
    const sent = await sendEach(world, PAIRS);
    const on = (program: number, channel: number, pair: number) => sent[program]![channel]![pair]!;
    const moves = () => (Math.random() < 0.3 ? "DELIVERY_REVERTED" : "DELIVERED");
    const started = Date.now();
    const answers: Array<number | string> = [];
    for (let from = 0; from < PAIRS && Date.now() - started < DEADLINE_MS; from += AT_ONCE) {
      const pairs = Array.from({ length: AT_ONCE }, (_, i) => from + i);
      answers.push(
        ...(await Promise.all(
          pairs.flatMap((pair) => [
            report(world, [on(0, 0, pair), on(1, 1, pair)], moves),
            report(world, [on(0, 1, pair), on(1, 0, pair)], moves),
          ]),
        )),
      );
    }
    expect(answers.length).toBeGreaterThanOrEqual(2 * AT_ONCE);
    expectAllAnswered(answers);
    await expectMoneyAddsUp(world);
  }, 180_000);
});
