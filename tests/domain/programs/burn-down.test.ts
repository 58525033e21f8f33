/**
 * Issue 16: a budget's burn-down costs the same however often the budget moved. Up to
 * BURN_DOWN_POINTS movements each is drawn; beyond, the reserved total is sampled at evenly spaced
 * times over the budget's whole life, each point what the latest movement by then left.
 */
import { expect, it } from "vitest";
import { BURN_DOWN_POINTS } from "@/lib/domain/budgets";
import { programDetail } from "@/lib/domain/programs";
import { programWith } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER } from "../../support/users/actors";

const database = openTestDb();
const START = Date.UTC(2026, 0, 1);

/** A program whose virtual budget moved `count` times, the i-th at `atOf(i)` leaving `i + 1` reserved. */
async function programMoved(count: number, atOf: (i: number) => number) {
  const programId = await programWith(1000, []);
  const account = await database().db().budgetAccount.findUniqueOrThrow({ where: { programId } });
  const movements = Array.from({ length: count }, (_, i) => ({
    accountId: account.id,
    at: new Date(atOf(i)),
    kind: "RESERVED",
    amountMinor: 1n,
    reservedAfterMinor: BigInt(i + 1),
  }));
  for (const movement of movements) await database().db().budgetMovement.create({ data: movement });
  const points = (await programDetail(MANAGER, programId))?.virtualBudget?.burnDown ?? [];
  return { movements, points };
}

it(`draws each of up to ${BURN_DOWN_POINTS} movements, oldest first`, async () => {
  const { movements, points } = await programMoved(BURN_DOWN_POINTS, (i) => START + i * 60_000);
  expect(points).toEqual(movements.map(({ at, reservedAfterMinor }) => ({ at, reservedAfterMinor })));
});

it("samples a budget that moved more often over its whole life, each point what the latest movement by then left", async () => {
  // Uneven: a burst of 300 movements a second apart, then one a day.
  const atOf = (i: number) => (i < 300 ? START + i * 1_000 : START + (i - 299) * 86_400_000);
  const { movements, points } = await programMoved(400, atOf);
  expect(points).toHaveLength(BURN_DOWN_POINTS);
  expect(points[0]).toEqual({ at: movements[0]!.at, reservedAfterMinor: 1n });
  expect(points.at(-1)).toEqual({ at: movements.at(-1)!.at, reservedAfterMinor: 400n });
  for (const point of points) {
    const latestBy = movements.filter((movement) => movement.at <= point.at).at(-1)!;
    expect(point.reservedAfterMinor).toBe(latestBy.reservedAfterMinor);
  }
  const times = points.map((point) => point.at.getTime());
  expect(times).toEqual([...times].sort((a, b) => a - b));
});

it("draws movements made in one instant as one point, the total the last of them left", async () => {
  const { points } = await programMoved(BURN_DOWN_POINTS + 5, () => START);
  expect(points).toEqual([{ at: new Date(START), reservedAfterMinor: BigInt(BURN_DOWN_POINTS + 5) }]);
});
