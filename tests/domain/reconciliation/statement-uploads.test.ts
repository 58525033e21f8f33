/**
 * Uploads of a provider's own statement (issue 32, item 3), on the real database: each class of break
 * has a file that produces it; matched outcomes Sync had not reported move money exactly as Sync
 * would (the money's invariants hold after); the same file twice changes nothing; an upload and a
 * Sync of the same delivery at once apply it once. The mapping and refusals:
 * tests/domain/reconciliation/statement-upload-mapping.test.ts.
 */
import { describe, expect, it } from "vitest";
import { syncDeliveries } from "@/lib/domain/deliveries";
import { requestRefund } from "@/lib/domain/payments";
import { checkInvariants } from "../../support/money/money-ledger";
import { account } from "../../support/money/money-setup";
import { csv, sentThree, upload, uploaded } from "../../support/reconciliation/upload-world";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER, providerKey } from "../../support/users/actors";

const database = openTestDb();

const kinds = (result: Awaited<ReturnType<typeof uploaded>>) =>
  result.breaks.map((row) => [row.kind, row.line] as const);

describe("every line is classified", () => {
  it("a file matching our records applies what Sync had not reported and has no break", async () => {
    const world = await sentThree();
    const result = await uploaded(
      world.setup.providerId,
      csv(
        `${world.hundred},P-1,100.00,EUR,DELIVERED`,
        `${world.fifty},,50,eur,DELIVERY_REVERTED`,
        `${world.thirty},P-3,30.00,EUR,DELIVERY_PENDING`,
      ),
    );
    expect(result.breaks).toEqual([]);
    expect(result.appliedCount).toBe(2);
    expect(result.summary.MATCHED).toEqual({ EUR: { count: 3, amountMinor: "18000" } });
    const channelAccount = await account(world.setup.channelId);
    expect(channelAccount).toMatchObject({ deliveredMinor: 10_000n, reservedMinor: 13_000n });
    const hundred = await database()
      .db()
      .delivery.findUniqueOrThrow({ where: { id: world.hundred } });
    expect(hundred).toMatchObject({
      status: "DELIVERED",
      deliveredAmountMinor: 10_000n,
      providerDeliveryId: "P-1",
    });
    await checkInvariants(channelAccount.id, (ok, what) => expect(ok, what).toBe(true));
  });

  it("each class of break has its line", async () => {
    const world = await sentThree();
    // The thirty was reverted by Sync; the fifty delivered by Sync.
    await syncDeliveries(providerKey(world.setup.providerId), [
      { deliveryId: world.thirty, status: "DELIVERY_REVERTED" },
      { deliveryId: world.fifty, status: "DELIVERED" },
    ]);
    const result = await uploaded(
      world.setup.providerId,
      csv(
        `${world.hundred},,99.00,EUR,DELIVERED`, // line 2: amount mismatch
        `${world.hundred},,100.00,USD,DELIVERED`, // line 3: the same delivery again
        "0193a1c2-7e1f-7000-8000-00000000dead,,10.00,EUR,DELIVERED", // line 4: unknown
        `${world.fifty},,50.00,EUR,DELIVERY_PENDING`, // line 5: contradicts Sync's delivered
        `${world.thirty},,30.00,EUR,DELIVERED`, // line 6: paid after the revert
      ),
    );
    expect(kinds(result)).toEqual([
      ["AMOUNT_MISMATCH", 2],
      ["DUPLICATE_LINE", 3],
      ["UNKNOWN_DELIVERY", 4],
      ["CONTRADICTS_SYNC", 5],
      ["AFTER_REVERT_OR_REFUND", 6],
    ]);
    expect(result.appliedCount).toBe(0);
    // Nothing in the file had been left unreported and matched: the hundred is still pending.
    expect(
      await database()
        .db()
        .delivery.findUniqueOrThrow({ where: { id: world.hundred } }),
    ).toMatchObject({
      deliveredAt: null,
      revertedAt: null,
    });
  });

  it("another currency is a currency mismatch; a delivery sent in the period that the file lacks is missing", async () => {
    const world = await sentThree();
    const result = await uploaded(world.setup.providerId, csv(`${world.hundred},,100.00,USD,DELIVERED`));
    expect(kinds(result)).toEqual([
      ["CURRENCY_MISMATCH", 2],
      ["MISSING_FROM_FILE", null],
      ["MISSING_FROM_FILE", null],
    ]);
    expect(result.summary.MISSING_FROM_FILE).toEqual({ EUR: { count: 2, amountMinor: "8000" } });
    expect(new Set(result.breaks.filter((row) => row.line === null).map((row) => row.deliveryId))).toEqual(
      new Set([world.fifty, world.thirty]),
    );
  });

  it("paid in the file after the program asked for the money back is a break, and pays nothing", async () => {
    const world = await sentThree();
    await requestRefund(MANAGER, world.hundred, "Paid twice by mistake");
    const result = await uploaded(
      world.setup.providerId,
      csv(
        `${world.hundred},,100.00,EUR,DELIVERED`,
        `${world.fifty},,50.00,EUR,DELIVERED`,
        `${world.thirty},,30.00,EUR,DELIVERED`,
      ),
    );
    expect(kinds(result)).toEqual([["AFTER_REVERT_OR_REFUND", 2]]);
    expect(result.appliedCount).toBe(2);
    expect(
      await database()
        .db()
        .delivery.findUniqueOrThrow({ where: { id: world.hundred } }),
    ).toMatchObject({
      deliveredAt: null,
    });
  });

  it("a line that names the delivery by the provider's reference alone is matched by it", async () => {
    const world = await sentThree();
    await syncDeliveries(providerKey(world.setup.providerId), [
      { deliveryId: world.fifty, providerDeliveryId: "REF-50", status: "DELIVERY_READY_TO_COLLECT" },
    ]);
    const result = await uploaded(world.setup.providerId, csv(",REF-50,50.00,EUR,DELIVERED"));
    expect(result.appliedCount).toBe(1);
    expect(result.breaks.map((row) => row.kind)).toEqual(["MISSING_FROM_FILE", "MISSING_FROM_FILE"]);
  });

  it("another provider's delivery is unknown to this one's statement", async () => {
    const mine = await sentThree();
    const theirs = await sentThree();
    const result = await uploaded(mine.setup.providerId, csv(`${theirs.hundred},,100.00,EUR,DELIVERED`));
    expect(kinds(result)[0]).toEqual(["UNKNOWN_DELIVERY", 2]);
    expect(
      await database()
        .db()
        .delivery.findUniqueOrThrow({ where: { id: theirs.hundred } }),
    ).toMatchObject({
      deliveredAt: null,
    });
  });
});

describe("the same file twice", () => {
  it("answers the first upload and changes nothing", async () => {
    const world = await sentThree();
    const file = csv(`${world.hundred},,100.00,EUR,DELIVERED`, `${world.fifty},,50.00,EUR,DELIVERED`);
    const first = await uploaded(world.setup.providerId, file);
    const before = await account(world.setup.channelId);
    const movements = await database().db().budgetMovement.count();
    const second = await uploaded(world.setup.providerId, file);
    expect(second).toMatchObject({ id: first.id, repeated: true });
    expect(await account(world.setup.channelId)).toEqual(before);
    expect(await database().db().budgetMovement.count()).toBe(movements);
    expect(
      await database()
        .db()
        .statementUpload.count({ where: { providerId: world.setup.providerId } }),
    ).toBe(1);
  });

  it("even when the two arrive at once, with a Sync of the same delivery", async () => {
    const world = await sentThree();
    const file = csv(`${world.hundred},,100.00,EUR,DELIVERED`);
    const results = await Promise.all([
      upload(world.setup.providerId, file),
      upload(world.setup.providerId, file),
      syncDeliveries(providerKey(world.setup.providerId), [
        { deliveryId: world.hundred, status: "DELIVERED" },
      ]),
    ]);
    const ids = new Set(
      results.slice(0, 2).map((outcome) => outcome && "uploadId" in outcome && outcome.uploadId),
    );
    expect(ids.size).toBe(1);
    const moves = await database()
      .db()
      .budgetMovement.findMany({ where: { deliveryId: world.hundred, kind: "DELIVERED" } });
    // Once per budget the request reserved against (the channel's and the program's).
    expect(moves).toHaveLength(2);
    expect(moves.every((move) => move.amountMinor === 10_000n)).toBe(true);
  });
});
