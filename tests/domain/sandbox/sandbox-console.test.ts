/**
 * Test mode on the real database, in process: the sandbox twin and its keys, the automatic decision
 * (two deciders racing, a live request never touched), and the admin console's queries, which must
 * not show a sandbox or anything in it. Own database, so the console's lists hold only this file's rows.
 */

import { beforeAll, describe, expect, it } from "vitest";
import {
  allChannels,
  channelRequestQueue,
  decideChannelRequest,
  pendingRequestCount,
  requestForReview,
} from "../../../lib/domain/channels";
import { adminChannelDetail } from "../../../lib/domain/channels/details";
import { eligibleChannels } from "../../../lib/domain/channels/eligible-channels";
import { requestChannelCreate } from "../../../lib/domain/channels/request-changes";
import { consoleCounts } from "../../../lib/domain/home";
import { issueApiKey, regenerateApiKey } from "../../../lib/domain/keys";
import { requestRefund } from "../../../lib/domain/payments";
import {
  addChannelToProgram,
  createProgram,
  listPrograms,
  programDetail,
} from "../../../lib/domain/programs";
import {
  createProvider,
  providerChoices,
  providerForAdmin,
  providersOverview,
} from "../../../lib/domain/providers";
import {
  decideDueSandboxRequests,
  SANDBOX_REJECTION_REASON,
  sandboxDecision,
  sandboxOf,
  sendSandboxDeliveryRequest,
} from "../../../lib/domain/sandbox";
import { createUser } from "../../../lib/domain/users";
import { deliveryLog, replayEvent, webhookEvent } from "../../../lib/domain/webhooks";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { openOwnDatabase } from "../../support/server/own-database";
import { eventActor, MANAGER, platformActor, providerActor, reviewerActor } from "../../support/users/actors";

const own = openOwnDatabase();
const FAR_FUTURE = new Date("2999-01-01T00:00:00Z");
const ADMIN = platformActor(undefined, { id: "admin-user" });

let live: string;
let sandbox: string;
let liveRequestId: string;
let sandboxRequestId: string;
let sandboxChannelId: string;

async function create(providerId: string, id: string, name = "Cash pickup") {
  const body = { ...minimalChannelBody(id), name: { language: "EN", translation: name } };
  await requestChannelCreate(providerActor(providerId), body as never);
  const channel = await own.db().channel.findUniqueOrThrow({
    where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId: id } },
    include: { requests: true },
  });
  return { channelId: channel.id, requestId: channel.requests[0]!.id };
}

beforeAll(async () => {
  live = (await createProvider(ADMIN, "Live Payouts")).id;
  sandbox = await sandboxOf(live);
  ({ requestId: liveRequestId } = await create(live, "live-1"));
  ({ requestId: sandboxRequestId, channelId: sandboxChannelId } = await create(sandbox, "test-1"));
});

describe("the sandbox twin", () => {
  it("is one per live provider, however many ask at once, and is its own sandbox", async () => {
    const other = (await createProvider(ADMIN, "Racing Payouts")).id;
    const twins = await Promise.all(Array.from({ length: 5 }, () => sandboxOf(other)));
    expect(new Set(twins).size).toBe(1);
    expect(twins[0]).not.toBe(other);
    expect(await sandboxOf(twins[0]!)).toBe(twins[0]);
    expect(await sandboxOf(live)).toBe(sandbox);
  });

  it("is not an organisation a user can belong to", async () => {
    await expect(
      createUser({
        email: "twin@example.org",
        name: "",
        password: "a-long-password-1",
        roles: ["owner"],
        providerId: sandbox,
      }),
    ).rejects.toMatchObject({ kind: "invalid", field: "providerId" });
  });

  it("issues test keys (dcp_test_) to the sandbox and live keys (dcp_) to the provider", async () => {
    const test = await issueApiKey(ADMIN, sandbox);
    const liveKey = await issueApiKey(ADMIN, live);
    expect(test.key).toMatch(/^dcp_test_[A-Za-z0-9_-]{43}$/);
    expect(test.record.prefix).toBe(test.key.slice(0, "dcp_test_".length + 6));
    expect(liveKey.key).toMatch(/^dcp_[A-Za-z0-9_-]{43}$/);
    expect(liveKey.key.startsWith("dcp_test_")).toBe(false);
  });
});

describe("the automatic decision", () => {
  it("rejects a name containing REJECT in any case, approves any other", () => {
    const body = (name: string) => JSON.stringify({ name: { language: "EN", translation: name } });
    expect(sandboxDecision(body("Please reJect me"))).toEqual({
      approve: false,
      reason: SANDBOX_REJECTION_REASON,
    });
    expect(sandboxDecision(body("Cash pickup"))).toEqual({ approve: true });
  });

  it("waits for the delay, then decides the sandbox's request once however many deciders race", async () => {
    expect(await decideDueSandboxRequests(new Date(), 60_000)).toBe(0);
    const counts = await Promise.all([0, 1, 2].map(() => decideDueSandboxRequests(FAR_FUTURE, 0)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const decided = await own.db().channelRequest.findUniqueOrThrow({ where: { id: sandboxRequestId } });
    expect(decided).toMatchObject({ state: "APPROVED", decidedBy: "system:sandbox" });
    // Test data costs no translator calls.
    expect(await own.db().translationJob.count({ where: { channelId: sandboxChannelId } })).toBe(0);
    // A live request is an administrator's, however long it waits.
    expect(await own.db().channelRequest.findUniqueOrThrow({ where: { id: liveRequestId } })).toMatchObject({
      state: "PENDING",
      decidedBy: null,
    });
  });

  it("refuses an administrator a sandbox request and the sandbox decider a live one (not found)", async () => {
    const { requestId } = await create(sandbox, "test-admin");
    await expect(decideChannelRequest(ADMIN, requestId, { approve: true })).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(
      decideChannelRequest(reviewerActor("system:sandbox", null), liveRequestId, { approve: true }),
    ).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("test delivery requests", () => {
  it("refuse a required delivery option no made-up value fits, naming it", async () => {
    const body = {
      ...minimalChannelBody("test-odd-option"),
      deliveryOptions: [
        {
          fieldLabel: "Code",
          fieldName: "code",
          dataType: "STRING",
          validationRegex: "^Z{3}q$",
          isRequired: true,
        },
      ],
    };
    await requestChannelCreate(providerActor(sandbox), body as never);
    await decideDueSandboxRequests(FAR_FUTURE, 0);
    await expect(
      sendSandboxDeliveryRequest(providerActor(sandbox), "test-odd-option", 1),
    ).rejects.toMatchObject({
      kind: "invalid",
      field: "deliveryOptions.code",
    });
  });

  it("are refused to a live provider (forbidden)", async () => {
    await expect(sendSandboxDeliveryRequest(providerActor(live), "live-1", 1)).rejects.toMatchObject({
      kind: "forbidden",
    });
  });
});

describe("the admin console shows no sandbox data", () => {
  beforeAll(async () => {
    const { requestId } = await create(sandbox, "test-pending");
    expect(requestId).toBeTruthy();
  });

  it("the review queue and its count list only the live request", async () => {
    const queue = await channelRequestQueue(ADMIN, {});
    expect(queue.requests.map((request) => request.id)).toEqual([liveRequestId]);
    expect(await pendingRequestCount()).toEqual({ total: 1, totalCapped: false });
    expect(await pendingRequestCount(0)).toEqual({ total: 0, totalCapped: true });
    expect(await requestForReview(ADMIN, sandboxRequestId)).toBeNull();
    expect(await requestForReview(ADMIN, liveRequestId)).not.toBeNull();
  });

  it("the channel list, a channel's page and the providers hold only live ones", async () => {
    const channels = await allChannels(ADMIN, {});
    expect(channels.items.map((channel) => channel.providerDeliveryChannelId)).toEqual(["live-1"]);
    expect(await allChannels(ADMIN, { providerId: sandbox })).toMatchObject({ items: [] });
    expect(await adminChannelDetail(ADMIN, sandboxChannelId)).toBeNull();
    const providers = await providersOverview(ADMIN);
    expect(providers.items.map((provider) => provider.id)).not.toContain(sandbox);
    expect(providers.items.find((provider) => provider.id === live)?.channels).toEqual({
      total: 1,
      totalCapped: false,
    });
    await expect(providerChoices(ADMIN)).resolves.toContainEqual({ id: live, name: expect.any(String) });
    expect((await providerChoices(ADMIN)).map((provider) => provider.id)).not.toContain(sandbox);
    expect(await providerForAdmin(ADMIN, sandbox)).toBeNull();
    const counts = await consoleCounts(ADMIN);
    expect(counts).toMatchObject({
      pending: { total: 1, totalCapped: false },
      channels: { total: 1, totalCapped: false },
    });
  });

  it("eligibility, programs and the delivery log leave out the sandbox's channel, program and events", async () => {
    await decideChannelRequest(ADMIN, liveRequestId, { approve: true });
    const liveChannel = await own.db().channel.findFirstOrThrow({ where: { providerId: live } });
    const sent = await sendSandboxDeliveryRequest(providerActor(sandbox), "test-1", 2);
    expect(sent.deliveryIds).toHaveLength(2);

    const eligible = await eligibleChannels(ADMIN, { category: "CASH" });
    expect(eligible.items.map((channel) => channel.id)).toEqual([liveChannel.id]);

    const program = await createProgram(MANAGER, {
      name: "Winter",
      description: "",
      unit: "EUR",
      virtualBudget: 1000,
    });
    expect((await listPrograms(MANAGER)).items.map((listed) => listed.id)).toEqual([program.id]);
    const sandboxProgram = await own.db().program.findFirstOrThrow({ where: { sandboxFor: sandbox } });
    expect(await programDetail(MANAGER, sandboxProgram.id)).toBeNull();
    const detail = await programDetail(MANAGER, program.id);
    expect(detail?.candidates.map((candidate) => candidate.id)).toEqual([liveChannel.id]);
    await expect(addChannelToProgram(MANAGER, program.id, sandboxChannelId)).rejects.toMatchObject({
      kind: "not_found",
    });

    const log = await deliveryLog(eventActor(null), {});
    expect(log.events.every((event) => event.providerId === live)).toBe(true);
    const sandboxEvents = await deliveryLog(eventActor(sandbox), {});
    const types = sandboxEvents.events.map((event) => event.eventType);
    expect([...new Set(types)].sort()).toEqual(["DELIVERY_CHANNEL_STATUS_UPDATED", "DELIVERY_REQUEST_SENT"]);
    const event = sandboxEvents.events[0]!;
    await own.db().outboxEvent.update({ where: { id: event.id }, data: { state: "FAILED" } });
    await expect(replayEvent(eventActor(null), event.id)).rejects.toMatchObject({ kind: "not_found" });
    await replayEvent(eventActor(sandbox), event.id);
    expect(await webhookEvent(eventActor(null), event.id)).toBeNull();
    expect((await webhookEvent(eventActor(sandbox), event.id))?.payload).toBeTypeOf("string");

    // Nor can the console act on them: a test delivery's refund, or a new key for the sandbox.
    await expect(requestRefund(MANAGER, sent.deliveryIds[0]!, "Console refund")).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(regenerateApiKey(ADMIN, sandbox)).rejects.toMatchObject({ kind: "not_found" });
    const refunded = await own.db().delivery.findUniqueOrThrow({ where: { id: sent.deliveryIds[0]! } });
    expect(refunded.refundRequestedAt).toBeNull();
  });
});

describe("the automatic decision under one sandbox's flood", () => {
  it("decides another sandbox's request in the same round: no provider's test requests hold up another's", async () => {
    const flooding = await sandboxOf((await createProvider(ADMIN, "Flooding Payouts")).id);
    const waiting = await sandboxOf((await createProvider(ADMIN, "Waiting Payouts")).id);
    for (let index = 0; index < 12; index++) await create(flooding, `flood-${index}`);
    const { requestId } = await create(waiting, "after-the-flood");
    // One round that decides at most 10: the flood's requests are all older than the other's.
    expect(await decideDueSandboxRequests(FAR_FUTURE, 0, 10)).toBe(10);
    const other = await own.db().channelRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(other.state).toBe("APPROVED");
    // The rest of the flood follows in the next rounds.
    while ((await decideDueSandboxRequests(FAR_FUTURE, 0, 10)) > 0);
    const flood = await own.db().channelRequest.findMany({ where: { channel: { providerId: flooding } } });
    expect(flood.map((request) => request.state)).toEqual(Array(12).fill("APPROVED"));
  });

  it("decides the others when one request cannot be decided (it is logged and tried again next round)", async () => {
    const broken = await sandboxOf((await createProvider(ADMIN, "Broken Payouts")).id);
    const healthy = await sandboxOf((await createProvider(ADMIN, "Healthy Payouts")).id);
    const { requestId: brokenId } = await create(broken, "unreadable");
    await own.db().channelRequest.update({ where: { id: brokenId }, data: { body: "not a channel" } });
    const { requestId } = await create(healthy, "readable");
    await decideDueSandboxRequests(FAR_FUTURE, 0, 10);
    expect((await own.db().channelRequest.findUniqueOrThrow({ where: { id: requestId } })).state).toBe(
      "APPROVED",
    );
    expect((await own.db().channelRequest.findUniqueOrThrow({ where: { id: brokenId } })).state).toBe(
      "PENDING",
    );
  });
});
