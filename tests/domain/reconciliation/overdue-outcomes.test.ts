/**
 * Overdue outcomes (issue 32, item 4), on the real database: a program's reconciliation window set by
 * an administrator; a request past it with deliveries still pending is listed, counted, and told of
 * once — a mail to the program managers and one to the provider's owners, the provider's
 * DELIVERY_OUTCOMES_OVERDUE event naming only the deliveries without an outcome — however many
 * workers sweep at once. The console's pages show it over HTTP.
 */
import { describe, expect, it } from "vitest";
import { syncDeliveries } from "@/lib/domain/deliveries";
import {
  overdueDeliveryCount,
  overdueRequests,
  setReconciliationWindow,
  tellOverdueOutcomes,
} from "@/lib/domain/reconciliation";
import { signedIn } from "../../support/http/portal-session";
import { delivery, refusal, sendThrough, servingChannel } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, MANAGER, providerKey } from "../../support/users/actors";
import { newUser } from "../../support/users/users";

const database = openTestDb();
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

/** A program with a 3-day window; one request of two deliveries, one reported delivered. */
async function sentWithWindow() {
  const setup = await servingChannel({ currency: "EUR", amount: 1000 });
  await setReconciliationWindow(ADMIN, { programId: setup.programId, windowDays: 3 });
  const sent = await sendThrough(setup, "Late round", [delivery(100), delivery(50)]);
  const [hundred, fifty] = await database()
    .db()
    .delivery.findMany({
      where: { deliveryRequestId: sent.deliveryRequestId },
      orderBy: { amountMinor: "desc" },
    });
  await syncDeliveries(providerKey(setup.providerId), [{ deliveryId: hundred!.id, status: "DELIVERED" }]);
  return { ...setup, requestId: sent.deliveryRequestId, pendingId: fifty!.id };
}

const mine = (rows: Awaited<ReturnType<typeof overdueRequests>>, requestId: string) =>
  rows.filter((row) => row.id === requestId);

describe("a request past its program's window", () => {
  it("is overdue only once the window has passed, with what is still pending", async () => {
    const world = await sentWithWindow();
    expect(mine(await overdueRequests(ADMIN, inDays(2)), world.requestId)).toEqual([]);
    const [row] = mine(await overdueRequests(ADMIN, inDays(4)), world.requestId);
    expect(row).toMatchObject({ pendingCount: 1, pendingMinor: 5_000n, unit: "EUR", toldAt: null });
    const before = await overdueDeliveryCount(ADMIN, inDays(2));
    expect((await overdueDeliveryCount(ADMIN, inDays(4))) - before).toBeGreaterThanOrEqual(1);
    // Its last outcome arrives: nothing of it is overdue any more.
    await syncDeliveries(providerKey(world.providerId), [
      { deliveryId: world.pendingId, status: "DELIVERY_REVERTED" },
    ]);
    expect(mine(await overdueRequests(ADMIN, inDays(4)), world.requestId)).toEqual([]);
  });

  it("is told of once, however many workers sweep at once: mail to managers and owners, the provider's event", async () => {
    const world = await sentWithWindow();
    const manager = await newUser(["program_manager"]);
    const owner = await newUser(["owner"], world.providerId);
    const told = await Promise.all([tellOverdueOutcomes(inDays(4)), tellOverdueOutcomes(inDays(4))]);
    expect(told.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await tellOverdueOutcomes(inDays(5))).toBe(0);
    const events = await database()
      .db()
      .outboxEvent.findMany({
        where: { providerId: world.providerId, eventType: "DELIVERY_OUTCOMES_OVERDUE" },
      });
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload)).toMatchObject({
      deliveryRequestId: world.requestId,
      deliveryIds: [world.pendingId],
    });
    const mail = await database()
      .db()
      .mailMessage.findMany({ where: { kind: "outcomes_overdue", userId: { in: [manager.id, owner.id] } } });
    expect(mail.map((m) => m.userId).sort()).toEqual([manager.id, owner.id].sort());
    expect(mail[0]!.subject).toContain("Late round");
    const [row] = mine(await overdueRequests(ADMIN, inDays(4)), world.requestId);
    expect(row?.toldAt).not.toBeNull();
  });

  it("is nothing in a program without a window", async () => {
    const world = await sentWithWindow();
    await setReconciliationWindow(ADMIN, { programId: world.programId, windowDays: null });
    expect(mine(await overdueRequests(ADMIN, inDays(400)), world.requestId)).toEqual([]);
    await tellOverdueOutcomes(inDays(400));
    expect(
      await database()
        .db()
        .outboxEvent.count({
          where: { providerId: world.providerId, eventType: "DELIVERY_OUTCOMES_OVERDUE" },
        }),
    ).toBe(0);
  });
});

it("only an administrator sets the window; an unknown program is not found", async () => {
  const world = await sentWithWindow();
  expect(
    (await refusal(setReconciliationWindow(MANAGER, { programId: world.programId, windowDays: 9 }))).kind,
  ).toBe("forbidden");
  expect(
    (await refusal(setReconciliationWindow(ADMIN, { programId: "no-such-program", windowDays: 9 }))).kind,
  ).toBe("not_found");
});

it("the console shows the window, the overdue list and the finance approver's count", async () => {
  const world = await sentWithWindow();
  // Four days pass: the request was sent before the window.
  await database()
    .db()
    .deliveryRequest.update({ where: { id: world.requestId }, data: { createdAt: inDays(-4) } });
  const finance = await signedIn(["finance_approver"]);
  const overdue = await finance.get("/admin/statement/overdue");
  expect(overdue.status).toBe(200);
  expect(overdue.body).toContain("Late round");
  expect(overdue.body).toContain("50.00 EUR");
  const home = await finance.get("/admin");
  expect(home.body).toContain("Deliveries without an outcome past their window");
  const admin = await signedIn("admin");
  const program = await admin.get(`/admin/programs/${world.programId}`);
  expect(program.body).toContain("within 3 days of its send");
});
