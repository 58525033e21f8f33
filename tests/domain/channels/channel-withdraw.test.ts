/**
 * A provider withdraws its channel's pending request (issue 30, finding 9), against the real database
 * (SQLite and PostgreSQL): the request becomes WITHDRAWN, the channel goes back to where it was before
 * it, the audit entry is written with it, no webhook event tells of a decision nobody took, the
 * review queue drops it, and neither a reviewer nor a second withdrawal can act on it afterwards.
 * Another provider's request is not found, whatever its id.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import {
  decideChannelRequest,
  providerChannelDetail,
  requestChannelCreate,
  requestChannelStatus,
  requestChannelUpdate,
  withdrawChannelRequest,
} from "@/lib/domain/channels";
import { DomainError } from "@/lib/domain/errors";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import { openTestDb } from "../../support/server/test-db";
import { providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();
const providerA = inject("providerA");
const providerB = inject("providerB");
const owner = providerActor(providerA.id);
const reviewer = reviewerActor("withdraw-reviewer");

const body = (id: string, landingPage = "www.example.org") =>
  ({ ...fullChannelBody(id), landingPage }) as ChannelBody;

async function newChannel() {
  const id = `withdraw-${randomUUID()}`;
  await requestChannelCreate(owner, body(id));
  return id;
}

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

async function approvedChannel(status: "ONLINE" | "OFFLINE" = "ONLINE") {
  const id = await newChannel();
  await decideChannelRequest(reviewer, await pendingRequestId(id), { approve: true });
  if (status === "OFFLINE") {
    await requestChannelStatus(owner, id, "OFFLINE");
    await decideChannelRequest(reviewer, await pendingRequestId(id), { approve: true });
  }
  return id;
}

const withdraw = (id: string, channelRequestId: string, actor = owner) =>
  withdrawChannelRequest(actor, { providerDeliveryChannelId: id, channelRequestId });

async function domainError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const outboxFor = (id: string) =>
  database()
    .db()
    .outboxEvent.findMany({ where: { payload: { contains: `"${id}"` } } });

describe("withdrawing a channel's pending request", () => {
  it("a create: the request is WITHDRAWN, the channel stays REQUESTED and unapproved and reads as withdrawn", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    expect(await withdraw(id, requestId)).toEqual({
      channelRequestId: requestId,
      kind: "CREATE",
      state: "WITHDRAWN",
    });
    const channel = await channelRow(id);
    expect(channel).toMatchObject({ status: "REQUESTED", isApproved: false, rejectionReason: null });
    expect(channel.withdrawnAt).toBeInstanceOf(Date);
    expect(channel.requests).toEqual([
      expect.objectContaining({ kind: "CREATE", state: "WITHDRAWN", decidedBy: owner.personId }),
    ]);
    const detail = await providerChannelDetail(owner, id);
    expect(detail?.standing).toEqual({ state: "withdrawn" });
    expect(detail?.pendingKind).toBeNull();
  });

  it("writes its audit entry, and queues no webhook event (the event tells a platform decision)", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    await withdraw(id, requestId);
    const audit = await database()
      .db()
      .auditEntry.findMany({ where: { subjectId: requestId } });
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: owner.id,
        action: "request.withdrawn",
        subjectType: "ChannelRequest",
        before: JSON.stringify({ state: "PENDING" }),
        after: JSON.stringify({ state: "WITHDRAWN" }),
      }),
    ]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ kind: "CREATE" });
    expect(await outboxFor(id)).toEqual([]);
  });

  it("an update of an approved channel: it keeps its approved content, which is requested again", async () => {
    const id = await approvedChannel();
    await requestChannelUpdate(owner, body(id, "www.changed.example"));
    await withdraw(id, await pendingRequestId(id));
    const channel = await channelRow(id);
    expect(channel).toMatchObject({ status: "ONLINE", isApproved: true });
    expect(JSON.parse(channel.requestedContent).landingPage).toBe("www.example.org");
    expect(channel.requestedContent).toBe(channel.approvedContent);
    expect(channel.searchText).not.toContain("changed.example");
    expect((await providerChannelDetail(owner, id))?.standing).toEqual({ state: "live", change: null });
  });

  it("a status change: the status it replaced comes back, as a rejection restores it", async () => {
    const id = await approvedChannel("OFFLINE");
    await requestChannelStatus(owner, id, "ONLINE");
    expect((await channelRow(id)).status).toBe("ONLINE");
    await withdraw(id, await pendingRequestId(id));
    expect(await channelRow(id)).toMatchObject({ status: "OFFLINE", isApproved: true });
    expect((await providerChannelDetail(owner, id))?.standing).toEqual({ state: "offline", change: null });
  });

  it("leaves the console's review queue, which lists PENDING requests only", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    const inQueue = () =>
      database()
        .db()
        .channelRequest.count({ where: { id: requestId, state: "PENDING" } });
    expect(await inQueue()).toBe(1);
    await withdraw(id, requestId);
    expect(await inQueue()).toBe(0);
  });

  it("a new request afterwards ends the withdrawn state", async () => {
    const id = await newChannel();
    await withdraw(id, await pendingRequestId(id));
    await requestChannelUpdate(owner, body(id, "www.again.example"));
    const channel = await channelRow(id);
    expect(channel.withdrawnAt).toBeNull();
    expect((await providerChannelDetail(owner, id))?.standing).toMatchObject({ state: "awaitingApproval" });
  });
});

describe("what cannot be withdrawn", () => {
  it("a request withdrawn already: a conflict that says so", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    await withdraw(id, requestId);
    const error = await domainError(withdraw(id, requestId));
    expect(error.kind).toBe("conflict");
    expect(error.message).toBe("This request was already withdrawn.");
  });

  it("a request already decided, approved or rejected", async () => {
    const approved = await newChannel();
    const approvedId = await pendingRequestId(approved);
    await decideChannelRequest(reviewer, approvedId, { approve: true });
    expect((await domainError(withdraw(approved, approvedId))).message).toMatch(/already approved/);

    const rejected = await newChannel();
    const rejectedId = await pendingRequestId(rejected);
    await decideChannelRequest(reviewer, rejectedId, { approve: false, reason: "No landing page" });
    const error = await domainError(withdraw(rejected, rejectedId));
    expect(error).toMatchObject({ kind: "conflict" });
    expect(error.message).toMatch(/already rejected/);
    expect(await channelRow(rejected)).toMatchObject({
      rejectionReason: "No landing page",
      withdrawnAt: null,
    });
  });

  it("a request a newer one superseded", async () => {
    const id = await newChannel();
    const first = await pendingRequestId(id);
    await requestChannelUpdate(owner, body(id, "www.newer.example"));
    expect((await domainError(withdraw(id, first))).message).toMatch(/newer request/);
  });

  it("another provider's request: not found, and nothing changes", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    const stranger = providerActor(providerB.id);
    expect((await domainError(withdraw(id, requestId, stranger))).kind).toBe("not_found");
    // Nor under another of its own channel ids.
    const own = `withdraw-${randomUUID()}`;
    await requestChannelCreate(stranger, body(own));
    expect((await domainError(withdraw(own, requestId, stranger))).kind).toBe("not_found");
    expect((await channelRow(id)).requests[0]).toMatchObject({ state: "PENDING" });
  });

  it("by a member who may not edit channels, or a read key: forbidden", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    for (const role of ["viewer", "key:read"] as const) {
      const error = await domainError(withdraw(id, requestId, providerActor(providerA.id, role)));
      expect(error.kind).toBe("forbidden");
    }
  });
});

describe("a reviewer with the withdrawn request still open", () => {
  it("can neither approve nor reject it: a conflict naming the withdrawal, the channel untouched", async () => {
    const id = await newChannel();
    const requestId = await pendingRequestId(id);
    await withdraw(id, requestId);
    for (const decision of [{ approve: true } as const, { approve: false, reason: "Too late" } as const]) {
      const error = await domainError(decideChannelRequest(reviewer, requestId, decision));
      expect(error.kind).toBe("conflict");
      expect(error.message).toBe("The provider withdrew this request: there is nothing left to decide.");
    }
    expect(await channelRow(id)).toMatchObject({ isApproved: false, rejectionReason: null });
    expect(await outboxFor(id)).toEqual([]);
  });
});

describe("a withdrawal racing a decision", () => {
  it("exactly one wins, and the channel is what the winner left", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newChannel();
      const requestId = await pendingRequestId(id);
      const [withdrawal, decision] = await Promise.allSettled([
        withdraw(id, requestId),
        decideChannelRequest(reviewer, requestId, { approve: true }),
      ]);
      expect([withdrawal.status, decision.status].sort()).toEqual(["fulfilled", "rejected"]);
      const channel = await channelRow(id);
      if (withdrawal.status === "fulfilled") {
        expect(channel.requests[0]).toMatchObject({ state: "WITHDRAWN" });
        expect(channel).toMatchObject({ isApproved: false, status: "REQUESTED" });
      } else {
        expect(channel.requests[0]).toMatchObject({ state: "APPROVED" });
        expect(channel).toMatchObject({ isApproved: true, status: "ONLINE", withdrawnAt: null });
      }
    }
  });
});
