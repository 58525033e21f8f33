/**
 * Decisions on channel requests against the real database (SQLite and PostgreSQL): what each
 * decision does to the channel, the outbox event's exact payload, supersession, self-approval, and
 * that a decision failing midway leaves nothing behind.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { decideChannelRequest, requestChannelCreate, requestChannelUpdate } from "@/lib/domain/channels";
import { DomainError } from "@/lib/domain/errors";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import { openTestDb } from "../../support/server/test-db";
import { providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();
const providerA = inject("providerA");
const admin = reviewerActor("admin-outside-any-provider");

const body = (id: string, name = "Cash collection") =>
  ({ ...fullChannelBody(id), name: { language: "EN", translation: name } }) as ChannelBody;

async function newChannel(content: Partial<ChannelBody> = {}) {
  const id = `approve-${randomUUID()}`;
  await requestChannelCreate(providerActor(providerA.id), { ...body(id), ...content });
  return id;
}

const channelRow = (id: string) =>
  database()
    .db()
    .channel.findUniqueOrThrow({
      where: {
        providerId_providerDeliveryChannelId: { providerId: providerA.id, providerDeliveryChannelId: id },
      },
      include: { requests: { orderBy: { requestedAt: "asc" } }, translationJobs: true },
    });

const pendingRequestId = async (id: string) =>
  (await channelRow(id)).requests.find((request) => request.state === "PENDING")!.id;

const outboxFor = (providerDeliveryChannelId: string) =>
  database()
    .db()
    // Oldest first: PostgreSQL returns rows in no promised order without one.
    .outboxEvent.findMany({
      where: { payload: { contains: `"${providerDeliveryChannelId}"` } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });

async function expectDomainError(promise: Promise<unknown>, kind: DomainError["kind"]) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe(kind);
}

describe("approving", () => {
  it("a create applies the content, makes the channel ONLINE, audits, queues the event and the translations", async () => {
    // Texts of its own: the translation memory (other files' translation runs fill it) cannot know them.
    const id = await newChannel({
      name: { language: "EN", translation: `Cash collection ${randomUUID()}` },
      shortDescription: { language: "EN", translation: `Collect cash at any agent ${randomUUID()}` },
    });
    const requestId = await pendingRequestId(id);
    await decideChannelRequest(admin, requestId, { approve: true });

    const channel = await channelRow(id);
    expect(channel).toMatchObject({ status: "ONLINE", isApproved: true });
    expect(JSON.parse(channel.approvedContent!).name.translation).toMatch(/^Cash collection /);
    expect(channel.requests[0]).toMatchObject({ state: "APPROVED", decidedBy: admin.id });

    const [event] = await outboxFor(id);
    expect(event).toMatchObject({
      providerId: providerA.id,
      eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
      state: "PENDING",
    });
    expect(JSON.parse(event!.payload)).toEqual({
      providerDeliveryChannelId: id,
      status: "Approved",
      message: "",
      requestType: "Delivery Channel Create",
      requestedDate: channel.requests[0]!.requestedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    });

    const audit = await database()
      .db()
      .auditEntry.findMany({ where: { subjectId: requestId } });
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, action: "request.approved" })]);

    // name and shortDescription, into every default language but the source's (EN).
    const jobs = channel.translationJobs.map((job) => `${job.field}:${job.targetLanguage}`).sort();
    expect(jobs).toEqual(
      ["name", "shortDescription"]
        .flatMap((field) => ["AR", "ES", "FR", "RU", "UK"].map((l) => `${field}:${l}`))
        .sort(),
    );
  });

  it("an update applies the new content and keeps the status", async () => {
    const id = await newChannel();
    await decideChannelRequest(admin, await pendingRequestId(id), { approve: true });
    await requestChannelUpdate(providerActor(providerA.id), body(id, "Renamed channel"));
    await decideChannelRequest(admin, await pendingRequestId(id), { approve: true });
    const channel = await channelRow(id);
    expect(channel.status).toBe("ONLINE");
    expect(JSON.parse(channel.approvedContent!).name.translation).toBe("Renamed channel");
    expect(JSON.parse((await outboxFor(id))[1]!.payload).requestType).toBe("Delivery Channel Update");
  });
});

describe("the other request kinds", () => {
  it("rejecting an update keeps the approved content; an update-status of it is approved as it is", async () => {
    const id = await newChannel();
    await decideChannelRequest(admin, await pendingRequestId(id), { approve: true });
    await requestChannelUpdate(providerActor(providerA.id), body(id, "Rejected rename"));
    await decideChannelRequest(admin, await pendingRequestId(id), {
      approve: false,
      reason: "Keep the old name",
    });
    expect(JSON.parse((await channelRow(id)).approvedContent!).name.translation).toBe("Cash collection");
    expect((await channelRow(id)).rejectionReason).toBe("Keep the old name");

    // The approved content with a new status: an update-status, and approving it keeps that content.
    await requestChannelUpdate(providerActor(providerA.id), { ...body(id), status: "OFFLINE" });
    const statusRequest = (await channelRow(id)).requests.at(-1)!;
    expect(statusRequest).toMatchObject({ kind: "UPDATE_STATUS", state: "PENDING" });
    await decideChannelRequest(admin, statusRequest.id, { approve: true });
    const confirmed = await channelRow(id);
    expect(confirmed).toMatchObject({ status: "OFFLINE", isApproved: true, rejectionReason: null });
    expect(JSON.parse(confirmed.approvedContent!).name.translation).toBe("Cash collection");
    expect(JSON.parse((await outboxFor(id)).at(-1)!.payload)).toMatchObject({
      status: "Approved",
      requestType: "Delivery Channel Update Status",
    });
  });

  it("content that differs from the approved one, sent with a status, is an update: approving approves it", async () => {
    const id = await newChannel();
    await decideChannelRequest(admin, await pendingRequestId(id), { approve: true });
    await requestChannelUpdate(providerActor(providerA.id), {
      ...body(id, "Renamed with a status"),
      status: "OFFLINE",
    });
    const request = (await channelRow(id)).requests.at(-1)!;
    expect(request.kind).toBe("UPDATE");
    await decideChannelRequest(admin, request.id, { approve: true });
    const approved = await channelRow(id);
    expect(approved).toMatchObject({ status: "OFFLINE", isApproved: true });
    expect(JSON.parse(approved.approvedContent!).name.translation).toBe("Renamed with a status");
  });
});

describe("rejecting", () => {
  it("a create needs a reason, keeps the channel REQUESTED and unapproved, and tells the provider why", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    await expectDomainError(
      decideChannelRequest(admin, requestId, { approve: false, reason: "   " }),
      "invalid",
    );

    await decideChannelRequest(admin, requestId, { approve: false, reason: "Landing page does not load" });
    const channel = await channelRow(id);
    expect(channel).toMatchObject({ status: "REQUESTED", isApproved: false, approvedContent: null });
    expect(channel.requests[0]).toMatchObject({ state: "REJECTED", reason: "Landing page does not load" });
    expect(channel.translationJobs).toEqual([]);
    expect(JSON.parse((await outboxFor(id))[0]!.payload)).toMatchObject({
      status: "Rejected",
      message: "Landing page does not load",
    });
  });

  it("a status change restores the status it replaced", async () => {
    const id = await newChannel();
    await decideChannelRequest(admin, await pendingRequestId(id), { approve: true });
    await requestChannelUpdate(providerActor(providerA.id), { ...body(id), status: "OFFLINE" });
    expect((await channelRow(id)).status).toBe("OFFLINE");
    const statusRequest = (await channelRow(id)).requests.at(-1)!;
    expect(statusRequest.kind).toBe("UPDATE_STATUS");

    await decideChannelRequest(admin, statusRequest.id, {
      approve: false,
      reason: "Keep it online during the winter programme",
    });
    expect((await channelRow(id)).status).toBe("ONLINE");
    expect(JSON.parse((await outboxFor(id)).at(-1)!.payload).requestType).toBe(
      "Delivery Channel Update Status",
    );
  });
});

describe("what cannot be decided", () => {
  it("a superseded request, and a request decided already", async () => {
    const id = await newChannel();
    const first = await pendingRequestId(id);
    await requestChannelUpdate(providerActor(providerA.id), body(id, "Second version"));
    await expectDomainError(decideChannelRequest(admin, first, { approve: true }), "conflict");

    const second = await pendingRequestId(id);
    await decideChannelRequest(admin, second, { approve: true });
    await expectDomainError(
      decideChannelRequest(admin, second, { approve: false, reason: "too late" }),
      "conflict",
    );
    expect(JSON.parse((await channelRow(id)).approvedContent!).name.translation).toBe("Second version");
  });

  it("a request of the administrator's own provider organisation", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    await expectDomainError(
      decideChannelRequest(reviewerActor("member-admin", providerA.id), requestId, { approve: true }),
      "forbidden",
    );
    expect((await channelRow(id)).requests[0]!.state).toBe("PENDING");
    expect(await outboxFor(id)).toEqual([]);
  });

  it("twice at once: exactly one decision wins", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    const results = await Promise.allSettled([
      decideChannelRequest(admin, requestId, { approve: true }),
      decideChannelRequest(reviewerActor("second-admin", null), requestId, { approve: false, reason: "no" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await outboxFor(id)).toHaveLength(1);
  });
});

it("a decision that fails after changing the channel leaves no trace: no state, no audit, no event, no jobs", async () => {
  const id = await newChannel();
  const requestId = await pendingRequestId(id);
  const failure = new Error("crash after the channel update");
  await expect(
    decideChannelRequest(
      admin,
      requestId,
      { approve: true },
      {
        afterChannelUpdate: async () => {
          throw failure;
        },
      },
    ),
  ).rejects.toBe(failure);

  const channel = await channelRow(id);
  expect(channel).toMatchObject({ status: "REQUESTED", isApproved: false, approvedContent: null });
  expect(channel.requests[0]).toMatchObject({ state: "PENDING", decidedBy: null });
  expect(channel.translationJobs).toEqual([]);
  expect(await outboxFor(id)).toEqual([]);
  expect(
    await database()
      .db()
      .auditEntry.count({ where: { subjectId: requestId } }),
  ).toBe(0);
});
