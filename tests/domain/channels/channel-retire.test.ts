/**
 * A provider retires a channel it no longer offers (issue 30, finding 9), against the real database
 * (SQLite and PostgreSQL): OFFLINE for good with `retiredAt`, its pending request withdrawn, its audit
 * entries in the same transaction, no status event; afterwards no update, status switch or program
 * can use it, and every page reads it as retired. Another provider's channel is not found.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import {
  adminChannelDetail,
  allChannels,
  decideChannelRequest,
  providerChannelDetail,
  requestChannelCreate,
  requestChannelStatus,
  requestChannelUpdate,
  retireChannel,
} from "@/lib/domain/channels";
import { DomainError } from "@/lib/domain/errors";
import { addChannelToProgram, createProgram, programDetail } from "@/lib/domain/programs";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, MANAGER, providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();
const providerA = inject("providerA");
const providerB = inject("providerB");
const owner = providerActor(providerA.id);
const reviewer = reviewerActor("retire-reviewer");

const body = (id: string, landingPage = "www.example.org") =>
  ({ ...fullChannelBody(id), landingPage }) as ChannelBody;

const channelRow = (id: string) =>
  database()
    .db()
    .channel.findUniqueOrThrow({
      where: {
        providerId_providerDeliveryChannelId: { providerId: providerA.id, providerDeliveryChannelId: id },
      },
      include: { requests: { orderBy: { requestedAt: "asc" } } },
    });

const pendingRequestId = async (id: string) =>
  (await channelRow(id)).requests.find((request) => request.state === "PENDING")!.id;

async function newChannel() {
  const id = `retire-${randomUUID()}`;
  await requestChannelCreate(owner, body(id));
  return id;
}

async function approvedChannel() {
  const id = await newChannel();
  await decideChannelRequest(reviewer, await pendingRequestId(id), { approve: true });
  return id;
}

async function domainError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const auditOf = (subjectId: string) =>
  database()
    .db()
    .auditEntry.findMany({ where: { subjectId }, orderBy: { seq: "asc" } });

describe("retiring a channel", () => {
  it("an approved ONLINE channel goes OFFLINE for good, keeps its approval, and reads as retired", async () => {
    const id = await approvedChannel();
    const before = await channelRow(id);
    const events = await database()
      .db()
      .outboxEvent.count({ where: { payload: { contains: `"${id}"` } } });
    await retireChannel(owner, id);
    const channel = await channelRow(id);
    expect(channel).toMatchObject({
      status: "OFFLINE",
      isApproved: true,
      approvedContent: before.approvedContent,
    });
    expect(channel.retiredAt).toBeInstanceOf(Date);
    // Nothing filed for approval.
    expect(channel.requests).toHaveLength(1);
    expect((await providerChannelDetail(owner, id))?.standing).toEqual({ state: "retired" });
    expect((await adminChannelDetail(ADMIN, channel.id))?.standing).toEqual({ state: "retired" });

    const [entry] = (await auditOf(channel.id)).filter((one) => one.action === "channel.retired");
    expect(entry).toMatchObject({ actorId: owner.id, subjectType: "Channel" });
    expect(JSON.parse(entry!.before!)).toEqual({ status: "ONLINE" });
    expect(JSON.parse(entry!.after!)).toMatchObject({ status: "OFFLINE", retiredAt: expect.any(String) });
    // As an OFFLINE switch: no DELIVERY_CHANNEL_STATUS_UPDATED (that event reports decisions).
    expect(
      await database()
        .db()
        .outboxEvent.count({ where: { payload: { contains: `"${id}"` } } }),
    ).toBe(events);
  });

  it("withdraws the pending request: its audit entry too, and the approved content is what is requested", async () => {
    const id = await approvedChannel();
    await requestChannelUpdate(owner, body(id, "www.changed.example"));
    const requestId = await pendingRequestId(id);
    await retireChannel(owner, id);
    const channel = await channelRow(id);
    expect(channel.requests.at(-1)).toMatchObject({ id: requestId, state: "WITHDRAWN" });
    expect(channel.requestedContent).toBe(channel.approvedContent);
    expect((await auditOf(requestId)).map((entry) => entry.action)).toEqual(["request.withdrawn"]);
  });

  it("a never-approved channel: its create is withdrawn, it is OFFLINE and unapproved", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    await retireChannel(owner, id);
    expect(await channelRow(id)).toMatchObject({ status: "OFFLINE", isApproved: false });
    expect((await channelRow(id)).requests[0]).toMatchObject({ id: requestId, state: "WITHDRAWN" });
    const error = await domainError(decideChannelRequest(reviewer, requestId, { approve: true }));
    expect(error.kind).toBe("conflict");
  });

  it("ends a shown rejection", async () => {
    const id = await newChannel();
    await decideChannelRequest(reviewer, await pendingRequestId(id), {
      approve: false,
      reason: "No landing page",
    });
    await retireChannel(owner, id);
    expect(await channelRow(id)).toMatchObject({ rejectionReason: null });
  });
});

describe("after retiring", () => {
  it("no update, status switch or second retirement: the update is invalid at the channel's id", async () => {
    const id = await approvedChannel();
    await retireChannel(owner, id);
    const update = await domainError(requestChannelUpdate(owner, body(id, "www.back.example")));
    expect(update).toMatchObject({ kind: "invalid", field: "providerDeliveryChannelId" });
    expect(update.message).toBe(`the channel ${id} was retired by its provider and can no longer be updated`);
    expect((await domainError(requestChannelStatus(owner, id, "ONLINE"))).kind).toBe("invalid");
    expect((await domainError(retireChannel(owner, id))).kind).toBe("conflict");
    expect(await channelRow(id)).toMatchObject({ status: "OFFLINE" });
    expect((await channelRow(id)).requests).toHaveLength(1);
  });

  it("no program can add it, and a program it served shows it retired", async () => {
    const id = await approvedChannel();
    const { id: channelId } = await channelRow(id);
    const program = await createProgram(MANAGER, {
      name: `Retire ${randomUUID()}`,
      description: "",
      unit: "EUR",
      virtualBudget: 1000,
    });
    const other = await createProgram(MANAGER, {
      name: `Retire other ${randomUUID()}`,
      description: "",
      unit: "EUR",
      virtualBudget: 1000,
    });
    await addChannelToProgram(MANAGER, program.id, channelId);
    expect((await programDetail(ADMIN, other.id))?.candidates.map((one) => one.id)).toContain(channelId);

    await retireChannel(owner, id);
    const refused = await domainError(addChannelToProgram(MANAGER, other.id, channelId));
    expect(refused).toMatchObject({ kind: "invalid", message: "A retired channel can serve no program." });
    expect((await programDetail(ADMIN, other.id))?.candidates.map((one) => one.id)).not.toContain(channelId);
    const served = (await programDetail(ADMIN, program.id))?.channels.find((one) => one.id === channelId);
    expect(served).toMatchObject({ standing: { state: "retired" }, sendable: false });
  });

  it("the console's filter: Retired lists it, Offline does not", async () => {
    const id = await approvedChannel();
    await retireChannel(owner, id);
    const listed = async (filter: object) =>
      (await allChannels(ADMIN, { providerId: providerA.id, ...filter })).items.some(
        (item) => item.providerDeliveryChannelId === id,
      );
    expect(await listed({ retired: "yes" })).toBe(true);
    expect(await listed({ approved: "yes", status: "OFFLINE", retired: "no" })).toBe(false);
  });
});

describe("who may retire", () => {
  it("another provider: not found, and the channel stays in service", async () => {
    const id = await approvedChannel();
    const error = await domainError(retireChannel(providerActor(providerB.id), id));
    expect(error.kind).toBe("not_found");
    expect(await channelRow(id)).toMatchObject({ status: "ONLINE", retiredAt: null });
  });

  it("not a viewer, nor a read key", async () => {
    const id = await approvedChannel();
    for (const role of ["viewer", "key:read"] as const)
      expect((await domainError(retireChannel(providerActor(providerA.id, role), id))).kind).toBe(
        "forbidden",
      );
  });
});

describe("two retirements at once", () => {
  it("one wins; the other is told the channel is retired already, and one audit entry is written", async () => {
    const id = await approvedChannel();
    const results = await Promise.allSettled([retireChannel(owner, id), retireChannel(owner, id)]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const { id: channelId } = await channelRow(id);
    expect((await auditOf(channelId)).filter((entry) => entry.action === "channel.retired")).toHaveLength(1);
  });
});
