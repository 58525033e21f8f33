/**
 * Issue 36, item 4: retention, on a database of the file's own (the worker's round reads every
 * program). A program keeps a final delivery's values its retention period, then the round erases
 * exactly those past it — delivered, reverted and refunded ones, not pending ones, nor another
 * program's still within its own period — keeping amounts and statuses, destroying the data key of a
 * beneficiary left with no values, and recording one audit entry per program; the chain still
 * verifies. Finished webhook events past WEBHOOK_EVENT_RETENTION_DAYS are pruned, pending ones never;
 * so are done mail and inbox notifications past MAIL_RETENTION_DAYS, mail still to send never.
 */
import { describe, expect, it } from "vitest";
import { verifyAuditChain } from "@/lib/domain/audit";
import {
  beneficiaryRef,
  programRetention,
  setProgramRetention,
  textOpener,
} from "@/lib/domain/beneficiary-data";
import { syncDeliveries } from "@/lib/domain/deliveries";
import { rejectPayment, requestRefund } from "@/lib/domain/payments";
import { createUser } from "@/lib/domain/users";
import { eventBody } from "@/lib/domain/webhooks";
import { runRetention } from "@/lib/jobs/retention-sweep";
import { APPROVER_1, programWithPolicy, send } from "../../support/money/approval-setup";
import { sendThrough, servingChannel } from "../../support/money/money-setup";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN, MANAGER, providerKey } from "../../support/users/actors";

const database = openOwnDatabase();
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.now() + days * DAY);

const row = (beneficiaryId: string, amount: number) => ({
  beneficiaryId,
  amount,
  options: { phone: `+3598881${amount.toString().padStart(5, "0")}` },
});

describe("retention", () => {
  it("erases exactly the values past each program's period, keeps the accounts, and prunes finished events", async () => {
    const db = database.db();
    const year = await servingChannel(undefined, "EUR", 1e6);
    const month = await servingChannel(undefined, "EUR", 1e6);
    await setProgramRetention(ADMIN, { programId: month.programId, retentionDays: 30 });
    const changed = await db.auditEntry.findFirstOrThrow({ where: { action: "program.retention_changed" } });
    expect([changed.subjectId, JSON.parse(changed.before!), JSON.parse(changed.after!)]).toEqual([
      month.programId,
      { retentionDays: 365 },
      { retentionDays: 30 },
    ]);
    const sent = await sendThrough(year, "Year-long", [
      row("RET-DELIVERED", 11),
      row("RET-REVERTED", 12),
      row("RET-PENDING", 13),
      row("RET-REFUNDED", 14),
    ]);
    const monthSent = await sendThrough(month, "Month-long", [row("RET-MONTH", 21), row("RET-PENDING", 22)]);
    // Rows name their beneficiary by ref (the id is sealed): the test's names for the refs.
    const PEOPLE = ["RET-DELIVERED", "RET-REVERTED", "RET-PENDING", "RET-REFUNDED", "RET-MONTH"];
    const nameOfRef = new Map(
      await Promise.all(PEOPLE.map(async (name) => [await beneficiaryRef(name), name] as const)),
    );
    const who = (row: { beneficiaryRef: string | null }) => nameOfRef.get(row.beneficiaryRef ?? "")!;
    const ids = Object.fromEntries(
      (
        await db.delivery.findMany({
          where: { deliveryRequestId: { in: [sent.deliveryRequestId, monthSent.deliveryRequestId] } },
        })
      ).map((delivery) => [
        `${who(delivery)}@${delivery.deliveryRequestId === sent.deliveryRequestId ? "year" : "month"}`,
        delivery,
      ]),
    );
    await syncDeliveries(providerKey(year.providerId), [
      { deliveryId: ids["RET-DELIVERED@year"]!.id, status: "DELIVERED" },
      { deliveryId: ids["RET-REVERTED@year"]!.id, status: "DELIVERY_REVERTED" },
    ]);
    await requestRefund(MANAGER, ids["RET-REFUNDED@year"]!.id, "Named person asked again");
    await syncDeliveries(providerKey(month.providerId), [
      { deliveryId: ids["RET-MONTH@month"]!.id, status: "DELIVERED" },
    ]);

    const policy = await programRetention(year.programId);
    expect(policy.retentionDays).toBe(365);
    expect(policy.nextErasureAt!.getTime()).toBeGreaterThan(later(364).getTime());
    expect(policy.nextErasureAt!.getTime()).toBeLessThan(later(366).getTime());

    // A day inside the month: nothing is due anywhere.
    expect((await runRetention(later(29))).erased).toBe(0);
    // Past the month: the month program's final delivery only.
    expect((await runRetention(later(31))).erased).toBe(1);
    const monthRows = await db.delivery.findMany({
      where: { deliveryRequestId: monthSent.deliveryRequestId },
    });
    expect(monthRows.map((d) => [who(d), d.options === "[]", d.valuesErasedAt !== null]).sort()).toEqual([
      ["RET-MONTH", true, true],
      ["RET-PENDING", false, false],
    ]);
    // RET-MONTH has no values left anywhere: its key is gone. RET-PENDING keeps its key.
    const keyOf = async (id: string) =>
      db.beneficiaryKey.findMany({ where: { ref: await beneficiaryRef(id) } });
    expect((await keyOf("RET-MONTH")).map((key) => key.wrappedKey)).toEqual([null]);
    expect((await keyOf("RET-PENDING"))[0]!.wrappedKey).not.toBeNull();

    // Past the year: the delivered, reverted and refunded deliveries; never the pending one.
    const before = await db.delivery.findMany({ where: { deliveryRequestId: sent.deliveryRequestId } });
    expect((await runRetention(later(366))).erased).toBe(3);
    const after = await db.delivery.findMany({ where: { deliveryRequestId: sent.deliveryRequestId } });
    const erased = after
      .filter((d) => d.valuesErasedAt !== null)
      .map(who)
      .sort();
    expect(erased).toEqual(["RET-DELIVERED", "RET-REFUNDED", "RET-REVERTED"]);
    const accounts = (rows: typeof before) =>
      rows.map((d) => [d.id, d.amountMinor, d.status, d.revertedAt]).sort();
    expect(accounts(after)).toEqual(accounts(before));
    const refunded = after.find((d) => who(d) === "RET-REFUNDED")!;
    expect(refunded.refundReason).toBeNull();
    // The refund's reason sealed in the audit trail went with the beneficiary's key.
    const entry = await db.auditEntry.findFirstOrThrow({
      where: { action: "delivery.refund_requested", subjectId: refunded.id },
    });
    const sealed = JSON.parse(entry.detail).reason as string;
    expect(sealed).toMatch(/^b1\./);
    expect((await textOpener([sealed]))(sealed)).toBeNull();
    // The provider's payload now carries no values for them; the pending one keeps its own.
    const event = await db.outboxEvent.findFirstOrThrow({ where: { deliveriesOf: sent.deliveryRequestId } });
    const body = JSON.parse(await eventBody(event));
    const optionsOf = Object.fromEntries(
      body.delivery.map((item: { beneficiaryId: string; deliveryOptions: unknown[] }) => [
        item.beneficiaryId,
        item.deliveryOptions.length,
      ]),
    );
    // Their keys are gone with their last values, so their ids read as tombstones; the pending one's not.
    const tombstone = async (name: string) => `erased-${(await beneficiaryRef(name)).slice(0, 12)}`;
    expect(optionsOf).toEqual({
      [await tombstone("RET-DELIVERED")]: 0,
      "RET-PENDING": 1,
      [await tombstone("RET-REFUNDED")]: 0,
      [await tombstone("RET-REVERTED")]: 0,
    });
    // A second round finds nothing more; one audit entry per program round that erased.
    expect((await runRetention(later(366))).erased).toBe(0);
    const expired = await db.auditEntry.findMany({
      where: { action: "beneficiary.values_expired" },
      orderBy: { seq: "asc" },
    });
    expect(expired.map((e) => [e.subjectId, JSON.parse(e.detail)])).toEqual([
      [month.programId, { deliveries: 1, retentionDays: 30 }],
      [year.programId, { deliveries: 3, retentionDays: 365 }],
    ]);
    expect((await verifyAuditChain()).problems).toEqual([]);
    expect((await programRetention(month.programId)).nextErasureAt).toBeNull();

    // Webhook events: a finished one past 90 days is pruned, a pending one never.
    const events = await db.outboxEvent.findMany({ select: { id: true, state: true } });
    expect(events.length).toBeGreaterThan(2);
    const finished = events[0]!.id;
    await db.outboxEvent.update({ where: { id: finished }, data: { state: "DELIVERED" } });
    await db.outboxEvent.updateMany({ where: { id: { not: finished } }, data: { state: "PENDING" } });
    expect((await runRetention(later(89))).pruned).toBe(0);
    expect((await runRetention(later(91))).pruned).toBe(1);
    expect(await db.outboxEvent.count()).toBe(events.length - 1);
    expect(await db.outboxEvent.count({ where: { id: finished } })).toBe(0);
  });

  it("deletes done mail and inbox notifications past MAIL_RETENTION_DAYS, never mail still to send", async () => {
    const db = database.db();
    const user = await createUser({
      email: "retention-reader@example.org",
      name: "Reader",
      password: "a long enough password",
      roles: ["program_manager"],
      providerId: null,
    });
    const letter = {
      kind: "payment_decided",
      toAddress: "retention-reader@example.org",
      subject: "S",
      body: "B",
    };
    const [sent, waiting] = [
      await db.mailMessage.create({ data: { ...letter, userId: user.id, state: "SENT" } }),
      await db.mailMessage.create({ data: { ...letter, userId: user.id, state: "PENDING" } }),
    ];
    await db.notification.create({
      data: { userId: user.id, kind: "payment_decided", subject: "S", path: "/" },
    });
    const done = await db.mailMessage.count({ where: { state: { not: "PENDING" } } });
    const inbox = await db.notification.count();
    expect(await runRetention(later(179))).toMatchObject({ mail: 0, inbox: 0 });
    expect(await runRetention(later(181))).toMatchObject({ mail: done, inbox });
    expect(await db.mailMessage.count({ where: { id: sent.id } })).toBe(0);
    expect(await db.mailMessage.count({ where: { id: waiting.id } })).toBe(1);
    expect(await db.notification.count()).toBe(0);
  });

  it("counts a rejected request's deliveries final from its decision: erased after the period, never sent", async () => {
    const db = database.db();
    const setup = await programWithPolicy({ delivery: [0, 1] });
    const held = await send(setup, [5, 6]);
    expect(held.approvalState).toBe("PENDING_APPROVAL");
    await rejectPayment(APPROVER_1, "deliveryRequest", held.deliveryRequestId, "Wrong list");
    // The reason is sealed with the request's key, readable until retention erases its last values.
    const { rejectionReason: sealed } = await db.deliveryRequest.findUniqueOrThrow({
      where: { id: held.deliveryRequestId },
    });
    const reasonNow = async () => (await textOpener([sealed]))(sealed);
    expect(await reasonNow()).toBe("Wrong list");
    const policy = await programRetention(setup.programId);
    expect(policy.nextErasureAt!.getTime()).toBeGreaterThan(later(364).getTime());
    expect((await runRetention(later(364))).erased).toBe(0);
    expect(await reasonNow()).toBe("Wrong list");
    expect((await runRetention(later(366))).erased).toBe(2);
    expect(await reasonNow()).toBeNull();
    const rows = await db.delivery.findMany({ where: { deliveryRequestId: held.deliveryRequestId } });
    expect(rows.map((row) => [row.options, row.valuesErasedAt !== null, row.status])).toEqual([
      ["[]", true, "DELIVERY_PENDING"],
      ["[]", true, "DELIVERY_PENDING"],
    ]);
    expect((await programRetention(setup.programId)).nextErasureAt).toBeNull();
  });
});
