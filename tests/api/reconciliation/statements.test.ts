/**
 * Statements (issue 32, item 2) through every face over real HTTP: the provider API (its own only),
 * the platform API, the console's page and CSV, the portal's page and CSV; bad periods refused with
 * the field named, never a 500. The identity with the budget movements is proved on random histories
 * in tests/domain/deliveries/money-model.test.ts.
 */
import Papa from "papaparse";
import { describe, expect, inject, it } from "vitest";
import { syncDeliveries } from "@/lib/domain/deliveries";
import { issueApiKey } from "@/lib/domain/keys";
import { signedIn } from "../../support/http/portal-session";
import { delivery, sendThrough, servingChannel } from "../../support/money/money-setup";
import { platform, platformUser } from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerKey } from "../../support/users/actors";

const database = openTestDb();
const today = new Date().toISOString().slice(0, 10);
const PERIOD = { from: "2020-01-01", to: today };

/** A provider sent 100.00 and 50.00 EUR today: 40 of the 100 delivered, the 50 reverted. */
async function history() {
  const setup = await servingChannel({ currency: "EUR", amount: 1000 });
  const sent = await sendThrough(setup, "Statement", [delivery(100), delivery(50)]);
  const [hundred, fifty] = await database()
    .db()
    .delivery.findMany({
      where: { deliveryRequestId: sent.deliveryRequestId },
      orderBy: { amountMinor: "desc" },
    });
  await syncDeliveries(providerKey(setup.providerId), [
    { deliveryId: hundred!.id, status: "DELIVERED", deliveryAmount: 40 },
    { deliveryId: fifty!.id, status: "DELIVERY_REVERTED" },
  ]);
  const { key } = await issueApiKey(ADMIN, setup.providerId, "statements", { scope: "read" });
  return { ...setup, key };
}

const EXPECTED_EUR = {
  unit: "EUR",
  openingPending: { count: 0, amount: 0 },
  sent: { requests: 1, count: 2, amount: 150 },
  delivered: { count: 0, amount: 0 },
  deliveredInPart: { count: 1, amount: 40, undelivered: 60 },
  revertedUndelivered: { count: 1, amount: 50 },
  revertedAfterDelivery: { count: 0, amount: 0 },
  refundsRequested: { count: 0, amount: 0 },
  closingPending: { count: 0, amount: 0 },
};

const statementCall = (key: string, body: unknown) =>
  fetch(`${inject("baseUrl")}/api/Reconciliation/Statement`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, json: await response.json() }));

const csvRows = (text: string) => Papa.parse<string[]>(text.trim()).data;

describe("a statement", () => {
  it("answers a provider its own, with a read-only key; another provider sees none of it", async () => {
    const world = await history();
    const own = await statementCall(world.key, PERIOD);
    expect(own.status).toBe(200);
    expect(own.json.data).toEqual({
      provider: world.providerId,
      program: null,
      ...PERIOD,
      units: [EXPECTED_EUR],
    });
    const other = await history();
    const theirs = await statementCall(other.key, PERIOD);
    expect(theirs.json.data.units).toEqual([EXPECTED_EUR]); // their own history, not both
    // A period before anything was sent: nothing pending, nothing moved.
    const before = await statementCall(world.key, { from: "2020-01-01", to: "2020-01-31" });
    expect(before.json.data.units[0]).toMatchObject({ sent: { count: 0 }, closingPending: { count: 0 } });
  });

  it("refuses a period that is not one, naming the field, in the contract's envelope", async () => {
    const world = await history();
    for (const [body, field] of [
      [{ from: "2026-02-30", to: "2026-03-01" }, "from"],
      [{ from: "2026-11-30", to: "2026-11-01" }, "to"],
      [{ from: "2026-11-01" }, "to"],
      [{ from: 20261101, to: "2026-11-30" }, "from"],
      [{ from: "2026-11-01", to: "2026-11-30", providerId: "x" }, "providerId"],
      [{ from: "x".repeat(100_000), to: "2026-11-30" }, "from"],
    ] as const) {
      const answer = await statementCall(world.key, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.json.error.message).toContain(field);
    }
  });

  it("reaches the platform API with the budget's side; an unknown provider is a 404", async () => {
    const world = await history();
    const finance = await platformUser(["finance_approver"]);
    const query = new URLSearchParams({ provider: world.providerId, program: world.programId, ...PERIOD });
    const answer = await platform(`/statement?${query}`, { token: finance.token });
    expect(answer.status).toBe(200);
    expect(answer.json.data.units).toEqual([
      {
        ...EXPECTED_EUR,
        budget: { reserved: { count: 1, amount: 150 }, releasedUnsent: { count: 0, amount: 0 } },
      },
    ]);
    const unknown = await platform(`/statement?provider=nobody&from=2026-11-01&to=2026-11-30`, {
      token: finance.token,
    });
    expect(unknown.status).toBe(404);
    const neither = await platform(`/statement?from=2026-11-01&to=2026-11-30`, { token: finance.token });
    expect(neither.status).toBe(400);
    expect(neither.json.error.message).toContain("provider");
  });

  it("shows on the console's page and CSV, and on the portal's, which leave the budget out", async () => {
    const world = await history();
    const finance = await signedIn(["finance_approver"]);
    const query = new URLSearchParams({ provider: world.providerId, ...PERIOD });
    const page = await finance.get(`/admin/statement?${query}`);
    expect(page.status).toBe(200);
    for (const text of [
      "Delivered in part",
      "40.00 EUR",
      "60.00 EUR",
      "Reverted before delivery",
      "Reserved",
    ])
      expect(page.body).toContain(text);
    const csv = csvRows((await finance.get(`/admin/statement/export?${query}`)).html);
    expect(csv[0]).toEqual(["from", "to", "unit", "line", "count", "amount", "undelivered"]);
    expect(csv).toContainEqual([PERIOD.from, PERIOD.to, "EUR", "deliveredInPart", "1", "40", "60"]);
    expect(csv).toContainEqual([PERIOD.from, PERIOD.to, "EUR", "reserved", "1", "150", ""]);
    // A day that does not exist: the page says so in the reader's words, the CSV answers 400.
    const bad = await finance.get(`/admin/statement?provider=${world.providerId}&from=2026-02-30`);
    expect(bad.body).toContain("must be a day, YYYY-MM-DD");
    expect(
      (await finance.get(`/admin/statement/export?provider=${world.providerId}&from=2026-02-30`)).status,
    ).toBe(400);

    // A stale link's provider: the page says so, as the domain refuses it.
    const stale = await finance.get(
      `/admin/statement?provider=0193a1c2-7e1f-7000-8000-0000000000aa&${new URLSearchParams(PERIOD)}`,
    );
    expect(stale.status).toBe(200);
    expect(stale.body).toContain("No such provider or program.");

    const owner = await signedIn("provider", world.providerId);
    const portal = await owner.get(`/statement?from=${PERIOD.from}&to=${PERIOD.to}`);
    expect(portal.status).toBe(200);
    expect(portal.body).toContain("Delivered in part");
    expect(portal.body).not.toContain("Reserved (requests)");
    const portalCsv = csvRows(
      (await owner.get(`/statement/export?from=${PERIOD.from}&to=${PERIOD.to}`)).html,
    );
    expect(portalCsv).toContainEqual([PERIOD.from, PERIOD.to, "EUR", "revertedUndelivered", "1", "50", ""]);
    expect(portalCsv.map((row) => row[3])).not.toContain("reserved");
  });
});
