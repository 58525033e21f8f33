/**
 * Issue 36: erasing a beneficiary over the platform API, four eyes. Approving destroys the
 * beneficiary's data key: every copy of its values becomes unreadable (the webhook body an attempt
 * or a replay sends, the platform API's request page, the program's CSV), its id leaves the
 * deliveries, the amounts stay, `npm run audit:verify` still passes, and one audit entry records
 * who asked, who approved and under which reference. Another beneficiary of the same sends is untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "../../../lib/db";
import { beneficiaryRef } from "../../../lib/domain/beneficiary-data";
import { eventBody } from "../../../lib/domain/webhooks";
import { expectFailure } from "../../support/http/envelope";
import { signedIn } from "../../support/http/portal-session";
import { servingChannel } from "../../support/money/money-setup";
import { dataOf, type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";
import { runScript } from "../../support/server/run-script";

const own = ownServer();
afterAll(() => disconnectDb());

const GONE = { beneficiaryId: "BEN-ERASE-1", phone: "+380671112233" };
const KEPT = { beneficiaryId: "BEN-KEEP-1", phone: "+380679998877" };
const REFUND_REASON = "Olena Kovalenko was paid twice";

let manager: PlatformUser;
let asker: PlatformUser;
let approver: PlatformUser;
let reviewer: PlatformUser;
let setup: Awaited<ReturnType<typeof servingChannel>>;
const sends: string[] = [];

const call = (user: PlatformUser, path: string, body?: unknown, method?: string) =>
  platform(path, { baseUrl: own.server().baseUrl, token: user.token, body, method });

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  [manager, asker, approver, reviewer] = await Promise.all([
    platformUser(["program_manager"]),
    platformUser(["administrator"]),
    platformUser(["administrator"]),
    platformUser(["reviewer"]),
  ]);
  setup = await servingChannel(undefined, "EUR", 1e6);
  for (const amount of [25, 40]) {
    const reply = await call(manager, `/programs/${setup.programId}/delivery-requests`, {
      channelId: setup.channelId,
      description: `Round of ${amount}`,
      deliveries: [GONE, KEPT].map((person) => ({
        beneficiaryId: person.beneficiaryId,
        amount,
        options: { phone: person.phone },
      })),
    });
    sends.push(dataOf(reply).deliveryRequestId);
  }
  // A refund whose reason names the person: free text sealed with the beneficiary's key.
  const refunded = await db().delivery.findFirstOrThrow({
    where: { deliveryRequestId: sends[0], beneficiaryRef: await beneficiaryRef(GONE.beneficiaryId) },
  });
  const refund = await call(manager, `/deliveries/${refunded.id}/refund`, { reason: REFUND_REASON });
  expect(refund.status).toBe(200);
});

const itemsOf = async (deliveryRequestId: string) => {
  const event = await db().outboxEvent.findFirstOrThrow({ where: { deliveriesOf: deliveryRequestId } });
  return JSON.parse(await eventBody(event)).delivery as Array<{
    beneficiaryId: string;
    amount: number;
    deliveryOptions: Array<{ key: string; value: string }>;
  }>;
};

describe("a beneficiary's erasure", () => {
  let erasureRequestId: string;

  it("is asked for by one administrator, and refused for a beneficiary nobody holds or a second time", async () => {
    expectFailure(
      await call(asker, "/beneficiary-erasures", { beneficiaryId: "BEN-NOBODY", reference: "DSR-1" }),
      404,
      "NotFound",
      "Not Found",
      /No data is held about beneficiary BEN-NOBODY/,
    );
    expectFailure(
      await call(reviewer, "/beneficiary-erasures", {
        beneficiaryId: GONE.beneficiaryId,
        reference: "DSR-1",
      }),
      403,
      "Forbidden",
      "Forbidden",
      "Your role does not allow you to erase beneficiaries' data.",
    );
    const asked = dataOf(
      await call(asker, "/beneficiary-erasures", {
        beneficiaryId: GONE.beneficiaryId,
        reference: "DSR-2026-0114",
      }),
    );
    erasureRequestId = asked.erasureRequestId;
    expect(asked.ref).toBe(await beneficiaryRef(GONE.beneficiaryId));
    expectFailure(
      await call(approver, "/beneficiary-erasures", {
        beneficiaryId: GONE.beneficiaryId,
        reference: "DSR-3",
      }),
      409,
      "Conflict",
      "Conflict",
      /already awaits approval/,
    );
    // The approver sees whom they are about to erase.
    const listed = dataOf(await call(approver, "/beneficiary-erasures"));
    expect(listed.pending).toMatchObject([
      {
        id: erasureRequestId,
        beneficiaryId: GONE.beneficiaryId,
        reference: "DSR-2026-0114",
        state: "PENDING",
      },
    ]);
  });

  it("may not be decided by the administrator who asked, nor by another role", async () => {
    expectFailure(
      await call(asker, `/beneficiary-erasures/${erasureRequestId}/approve`, undefined, "POST"),
      403,
      "Forbidden",
      "Forbidden",
      /another administrator must approve or reject it/,
    );
    expectFailure(
      await call(reviewer, `/beneficiary-erasures/${erasureRequestId}/approve`, undefined, "POST"),
      403,
      "Forbidden",
      "Forbidden",
      "Your role does not allow you to erase beneficiaries' data.",
    );
    expect(await db().beneficiaryKey.count({ where: { wrappedKey: null } })).toBe(0);
  });

  it("approved by a second administrator, makes every copy of the values unreadable and keeps the accounts", async () => {
    const before = await db().delivery.findMany({ where: { deliveryRequestId: { in: sends } } });
    const decided = dataOf(
      await call(approver, `/beneficiary-erasures/${erasureRequestId}/approve`, undefined, "POST"),
    );
    expect(decided).toEqual({ state: "ERASED", deliveriesErased: 2 });
    const ref = await beneficiaryRef(GONE.beneficiaryId);
    const tombstone = `erased-${ref.slice(0, 12)}`;

    for (const id of sends) {
      // The body an attempt (or a replay) sends now.
      const items = await itemsOf(id);
      const gone = items.find((item) => item.beneficiaryId === tombstone)!;
      expect(gone.deliveryOptions).toEqual([]);
      expect(items.find((item) => item.beneficiaryId === KEPT.beneficiaryId)!.deliveryOptions).toEqual([
        { key: "phone", value: KEPT.phone },
      ]);
      expect(JSON.stringify(items)).not.toContain(GONE.beneficiaryId);
      // The platform API's page of the request.
      const page = JSON.stringify(
        dataOf(await call(manager, `/delivery-requests/${id}?purpose=audit_check`)),
      );
      expect(page).toContain(tombstone);
      expect(page).not.toContain(GONE.beneficiaryId);
      expect(page).not.toContain(REFUND_REASON);
    }
    // The program's CSV of deliveries, as the console exports it.
    const session = await signedIn(["program_manager"], undefined, own.server().baseUrl);
    const csv = await session.get(`/admin/programs/${setup.programId}/export/deliveries`);
    expect(csv.status).toBe(200);
    expect(csv.html).toContain(tombstone);
    expect(csv.html).not.toContain(GONE.beneficiaryId);

    // Amounts, statuses and totals are the accounts': unchanged.
    const after = await db().delivery.findMany({ where: { deliveryRequestId: { in: sends } } });
    const accounts = (rows: typeof before) =>
      rows.map((row) => [row.id, row.amountMinor, row.status, row.deliveryRequestId]).sort();
    expect(accounts(after)).toEqual(accounts(before));
    // No query of any table finds the beneficiary's id any more.
    const everyRow = JSON.stringify(
      await Promise.all([
        db().delivery.findMany(),
        db().refundRequest.findMany(),
        db().erasureRequest.findMany(),
        db().auditEntry.findMany(),
        db().outboxEvent.findMany(),
      ]),
      (_, value) => (typeof value === "bigint" ? value.toString() : value),
    );
    expect(everyRow).not.toContain(GONE.beneficiaryId);
    expect(everyRow).not.toContain(GONE.phone);
    expect(everyRow).not.toContain("Olena");

    // The key is gone, the tombstone entry names who asked and who approved.
    const keys = await db().beneficiaryKey.findMany({ where: { ref } });
    expect(keys.map((key) => [key.wrappedKey, key.liveRef, Boolean(key.erasedAt)])).toEqual([
      [null, null, true],
    ]);
    const entry = await db().auditEntry.findFirstOrThrow({ where: { action: "beneficiary.erased" } });
    expect(entry).toMatchObject({ subjectType: "Beneficiary", subjectId: ref, actorId: approver.tokenId });
    expect(JSON.parse(entry.detail)).toEqual({
      erasureRequestId,
      reference: "DSR-2026-0114",
      requestedBy: asker.id,
      deliveriesErased: 2,
    });
  });

  it("leaves the audit chain whole (npm run audit:verify)", async () => {
    const verified = await runScript("audit-verify.ts", [], own.databaseUrl());
    expect(verified.stderr).toBe("");
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(/chained entries checked/);
  });

  it("is decided once: a second decision is refused", async () => {
    expectFailure(
      await call(asker, `/beneficiary-erasures/${erasureRequestId}/reject`, undefined, "POST"),
      409,
      "Conflict",
      "Conflict",
      /no longer awaits a decision/,
    );
  });

  it("rejected, erases nothing, and a later request may be made", async () => {
    const asked = dataOf(
      await call(approver, "/beneficiary-erasures", {
        beneficiaryId: KEPT.beneficiaryId,
        reference: "DSR-9",
      }),
    );
    expect(
      dataOf(await call(asker, `/beneficiary-erasures/${asked.erasureRequestId}/reject`, undefined, "POST")),
    ).toEqual({ state: "REJECTED", deliveriesErased: 0 });
    const items = await itemsOf(sends[0]!);
    expect(items.find((item) => item.beneficiaryId === KEPT.beneficiaryId)!.deliveryOptions).toHaveLength(1);
    const again = await call(asker, "/beneficiary-erasures", {
      beneficiaryId: KEPT.beneficiaryId,
      reference: "DSR-10",
    });
    expect(again.status).toBe(200);
  });

  it("a send after the erasure starts a new data key, readable again", async () => {
    const reply = await call(manager, `/programs/${setup.programId}/delivery-requests`, {
      channelId: setup.channelId,
      description: "After the erasure",
      deliveries: [{ beneficiaryId: GONE.beneficiaryId, amount: 5, options: { phone: GONE.phone } }],
    });
    const items = await itemsOf(dataOf(reply).deliveryRequestId);
    expect(items).toMatchObject([
      { beneficiaryId: GONE.beneficiaryId, deliveryOptions: [{ key: "phone", value: GONE.phone }] },
    ]);
    const ref = await beneficiaryRef(GONE.beneficiaryId);
    expect(await db().beneficiaryKey.count({ where: { ref } })).toBe(2);
  });
});
