/**
 * The console's program page on the real database: each serving channel with its name, its budget
 * (every channel's in one query), the columns of a send's rows and whether it receives sends now;
 * each request with how many deliveries it carries.
 */
import { expect, it } from "vitest";
import { syncDeliveries } from "@/lib/domain/deliveries";
import {
  addChannelToProgram,
  deliveryRequestDetail,
  listPrograms,
  programDetail,
  programSpending,
} from "@/lib/domain/programs";
import { programDeliveryRequests } from "@/lib/domain/programs/program-requests";
import {
  approvedChannel,
  delivery,
  PHONE_OPTION,
  programWith,
  sendThrough,
  sentDelivery,
} from "../../support/money/money-setup";
import { migrationFill, migrationStatement } from "../../support/server/migration-fill";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, MANAGER, providerKey } from "../../support/users/actors";

const database = openTestDb();

it("lists each channel with its budget, its send columns and whether it can be sent to", async () => {
  const used = await approvedChannel({ currency: "EUR", amount: 500 }, "Used budget");
  const unused = await approvedChannel({ currency: "EUR", amount: 500 }, "Unused budget", []);
  const offline = await approvedChannel(undefined, "Offline");
  await database()
    .db()
    .channel.update({ where: { id: offline.channelId }, data: { status: "OFFLINE" } });
  const programId = await programWith(1000, [used.channelId, unused.channelId, offline.channelId]);
  await sendThrough({ programId, channelId: used.channelId }, "Winter", [delivery(10)]);

  const program = await programDetail(MANAGER, programId);
  expect(program?.virtualBudget).toMatchObject({ limitMinor: 100_000n, reservedMinor: 1_000n });
  const byName = Object.fromEntries((program?.channels ?? []).map((channel) => [channel.name, channel]));
  expect(byName["Used budget"]).toMatchObject({
    sendable: true,
    hasBudgetAmount: true,
    budget: { limitMinor: 50_000n, reservedMinor: 1_000n, burnDown: [{ reservedAfterMinor: 1_000n }] },
    columns: [{ name: PHONE_OPTION.fieldName, label: PHONE_OPTION.fieldLabel, required: true }],
  });
  expect(byName["Unused budget"]).toMatchObject({
    sendable: true,
    hasBudgetAmount: true,
    budget: null,
    columns: [],
  });
  expect(byName.Offline).toMatchObject({ sendable: false, hasBudgetAmount: false, budget: null });
  expect(await programDetail(MANAGER, "no-such-program")).toBeNull();
});

it("adding a channel to a program that does not exist, or is a sandbox's, is not found (not a database failure)", async () => {
  const channel = await approvedChannel(undefined, "Orphan");
  await expect(addChannelToProgram(MANAGER, "no-such-program", channel.channelId)).rejects.toMatchObject({
    kind: "not_found",
  });
  const sandboxProgram = await sandboxProgramOf(channel.providerId);
  await expect(addChannelToProgram(MANAGER, sandboxProgram, channel.channelId)).rejects.toMatchObject({
    kind: "not_found",
  });
});

it("a sandbox's program pays no live channel, even linked to one: no approvals, no limits would hold", async () => {
  const live = await approvedChannel(undefined, "Live kiosk");
  const sandboxProgram = await sandboxProgramOf(live.providerId);
  // However the link came about (a past bug, a hand edit): the send must refuse it.
  await database()
    .db()
    .programChannel.create({ data: { programId: sandboxProgram, channelId: live.channelId } });
  await expect(
    sendThrough({ programId: sandboxProgram, channelId: live.channelId }, "Bypass", [delivery(1_000_000)]),
  ).rejects.toMatchObject({ kind: "invalid", field: "channelId" });
  expect(
    await database()
      .db()
      .deliveryRequest.count({ where: { programId: sandboxProgram } }),
  ).toBe(0);
});

/** A program as lib/domain/sandbox/test-deliveries.ts makes one for the provider's sandbox. */
async function sandboxProgramOf(providerId: string) {
  const { db } = database();
  const sandbox = await db().provider.create({ data: { name: "Sandbox", sandboxOfId: providerId } });
  const program = await db().program.create({
    data: {
      name: "Sandbox",
      unit: "EUR",
      sandboxFor: sandbox.id,
      budget: { create: { kind: "PROGRAM", unit: "EUR", limitMinor: 100_000_000_000n } },
    },
  });
  return program.id;
}

it("shows how many deliveries each request carries, as its send wrote and the migration fills in", async () => {
  const channel = await approvedChannel(undefined, "Counted");
  const programId = await programWith(1000, [channel.channelId]);
  const setup = { programId, channelId: channel.channelId };
  await sendThrough(setup, "Three", [delivery(1), delivery(2), delivery(3)]);
  await sendThrough(setup, "One", [delivery(4)]);
  const counts = async () => {
    const inConsole = (await programDetail(MANAGER, programId))?.requests ?? [];
    const platform = (await programDeliveryRequests(ADMIN, programId)).items;
    return [
      inConsole.map((request) => [request.description, request.deliveryCount]),
      platform.map((request) => [request.description, request.deliveries]),
    ];
  };
  const expected = [
    ["One", 1],
    ["Three", 3],
  ];
  expect(await counts()).toEqual([expected, expected]);

  // Requests sent before the column existed get their count from their deliveries.
  await database()
    .db()
    .deliveryRequest.updateMany({ where: { programId }, data: { deliveryCount: 0 } });
  await database().db().$executeRawUnsafe(migrationFill("20261124110000_request_delivery_count"));
  expect(await counts()).toEqual([expected, expected]);
});

it("counts a program's requests as the database writes them, for both lists, as the migration fills them in", async () => {
  const channel = await approvedChannel(undefined, "Request count");
  const programId = await programWith(1000, [channel.channelId]);
  const setup = { programId, channelId: channel.channelId };
  const counts = async () => {
    const listed = await listPrograms(MANAGER);
    const inList = listed.items.find((program) => program.id === programId)?.requestCount;
    return [inList, (await programDeliveryRequests(ADMIN, programId)).total];
  };
  expect(await counts()).toEqual([0, 0]);
  for (const description of ["First", "Second", "Third"])
    await sendThrough(setup, description, [delivery(1)]);
  expect(await counts()).toEqual([3, 3]);
  // A request that goes (its program's cascade, a cleanup) is uncounted.
  const { db } = database();
  await db().deliveryRequest.deleteMany({ where: { programId, description: "First" } });
  expect(await counts()).toEqual([2, 2]);

  await db().program.update({ where: { id: programId }, data: { requestCount: 0 } });
  await db().$executeRawUnsafe(migrationFill("20261125110000_program_pages"));
  expect(await counts()).toEqual([2, 2]);
});

it("keeps each channel's spending as requests are sent, reported and deleted, as the migration fills it in", async () => {
  const first = await approvedChannel(undefined, "Spending A");
  const second = await approvedChannel(undefined, "Spending B");
  const programId = await programWith(1000, [first.channelId, second.channelId]);
  const delivered = await sentDelivery(programId, first.channelId, 40, "Delivered");
  const reverted = await sentDelivery(programId, first.channelId, 25, "Reverted");
  await sentDelivery(programId, second.channelId, 10, "Pending");
  await syncDeliveries(providerKey(first.providerId), [
    { deliveryId: delivered, status: "DELIVERED" },
    { deliveryId: reverted, status: "DELIVERED" },
  ]);
  await syncDeliveries(providerKey(first.providerId), [
    { deliveryId: reverted, status: "DELIVERY_REVERTED" },
  ]);
  const spending = async () =>
    (await programSpending(MANAGER, programId)).map((row) => [
      row.name,
      row.requests,
      row.sentMinor,
      row.reservedMinor,
      row.deliveredMinor,
      row.revertedMinor,
    ]);
  const expected = [
    ["Spending A", 2, 6500n, 4000n, 4000n, 2500n],
    ["Spending B", 1, 1000n, 1000n, 0n, 0n],
  ];
  expect(await spending()).toEqual(expected);

  // Channels whose sums the database lost get them back from the migration's fill-in, run for this
  // program only (the other test files' programs share the database, their rows are there).
  const { db } = database();
  await db().programChannelSpending.deleteMany({ where: { programId } });
  const fill = migrationStatement("20261126100000_program_spending", 'INSERT INTO "ProgramChannelSpending"');
  const thisProgram = `WHERE "programId" = '${programId}' AND "approvalState"`;
  expect(fill).toContain('WHERE "approvalState"');
  await db().$executeRawUnsafe(fill.replace('WHERE "approvalState"', thisProgram));
  expect(await spending()).toEqual(expected);

  // A request that goes takes its figures with it, and a program that goes takes its rows.
  await db().deliveryRequest.deleteMany({ where: { programId, description: "Pending" } });
  expect(await spending()).toEqual([expected[0]]);
  await db().program.delete({ where: { id: programId } });
  expect(await db().programChannelSpending.count({ where: { programId } })).toBe(0);
});

it("finds a request's deliveries by a whole beneficiary id, odd characters literal; text no database stores finds none", async () => {
  const channel = await approvedChannel(undefined, "Searched");
  const programId = await programWith(1000, [channel.channelId]);
  const sent = await sendThrough({ programId, channelId: channel.channelId }, "Search", [
    delivery(1, "BEN-A1"),
    delivery(2, "BEN%1"),
    delivery(3, "BEN_2"),
    delivery(4, "BEN\\4"),
  ]);
  const found = async (q: string) =>
    (
      await deliveryRequestDetail(MANAGER, programId, sent.deliveryRequestId, { q, purpose: "payment_query" })
    )?.deliveries.map((row) => row.beneficiaryId);
  // Ids are sealed (issue 36): found by their ref, so only whole, and no character is a pattern.
  expect(await found("BEN-A1")).toEqual(["BEN-A1"]);
  expect(await found("BEN%1")).toEqual(["BEN%1"]);
  expect(await found("BEN_2")).toEqual(["BEN_2"]);
  expect(await found("BEN\\4")).toEqual(["BEN\\4"]);
  for (const part of ["BEN", "%", "_", "b2", "ben-a1"]) expect(await found(part), part).toEqual([]);
  for (const hostile of ["A\0", "\uD800"]) expect(await found(hostile), JSON.stringify(hostile)).toEqual([]);
});
