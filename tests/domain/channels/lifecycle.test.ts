/**
 * The lifecycle findings of issue 10, through the real parts: the API over HTTP, the domain
 * functions the portal's actions call, and the console's decisions, on the real database.
 */

import { randomUUID } from "node:crypto";
import { expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { channelViewSchema } from "@/lib/contract/channel";
import {
  allChannels,
  decideChannelRequest,
  listProviderChannels,
  providerChannelDetail,
  requestChannelCreate,
  requestChannelStatus as requestStatusChange,
} from "@/lib/domain/channels";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import { apiCreate, apiUpdate, apiView } from "../../support/http/api-client";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();
const providerA = inject("providerA");
const admin = reviewerActor("lifecycle-admin");

const body = (id: string) =>
  ({ ...fullChannelBody(id), name: { language: "EN", translation: "Riverside Kiosk" } }) as ChannelBody;

const requestsOf = (id: string) =>
  database()
    .db()
    .channelRequest.findMany({
      where: { channel: { providerId: providerA.id, providerDeliveryChannelId: id } },
      orderBy: { requestedAt: "asc" },
    });

const latestEvent = async (id: string) => {
  const events = await database()
    .db()
    .outboxEvent.findMany({ where: { payload: { contains: `"${id}"` } }, orderBy: { createdAt: "asc" } });
  return JSON.parse(events.at(-1)!.payload) as { status: string; requestType: string };
};

async function approvePending(id: string) {
  const pending = (await requestsOf(id)).filter((request) => request.state === "PENDING");
  expect(pending).toHaveLength(1);
  return decideChannelRequest(admin, pending[0]!.id, { approve: true });
}

/** View over HTTP, validated against the contract's view schema. */
async function view(id: string) {
  const reply = await apiView(providerA.key, id);
  expect(reply.status).toBe(200);
  return channelViewSchema.parse(reply.body.data);
}

it("finding 1, API: Create, then the same body with ONLINE, approved, leaves the channel approved and ONLINE", async () => {
  const id = `lc-${randomUUID()}`;
  expect((await apiCreate(providerA.key, body(id))).status).toBe(200);
  const update = await apiUpdate(providerA.key, { ...body(id), status: "ONLINE" });
  // Never approved: nothing to compare a status change with, so this is an update, not a status change.
  expect(update.body.data.requestType).toBe("Delivery Channel Update");
  await approvePending(id);

  const shown = await view(id);
  expect(shown).toMatchObject({ isApproved: true, status: "ONLINE", name: body(id).name });
  expect((await requestsOf(id)).filter((request) => request.state === "PENDING")).toEqual([]);
  expect(await latestEvent(id)).toMatchObject({ status: "Approved", requestType: "Delivery Channel Update" });
});

it("finding 1, portal: create, switch online while awaiting approval, approve: approved and ONLINE", async () => {
  const id = `lc-${randomUUID()}`;
  await requestChannelCreate(providerActor(providerA.id), body(id));
  await requestStatusChange(providerActor(providerA.id), id, "ONLINE");
  expect((await requestsOf(id)).map((request) => [request.kind, request.state])).toEqual([
    ["CREATE", "SUPERSEDED"],
    ["UPDATE", "PENDING"],
  ]);
  await approvePending(id);
  expect(await view(id)).toMatchObject({ isApproved: true, status: "ONLINE" });
});

it("finding 1: a status change of an approved channel is an update-status, and approving it keeps the content", async () => {
  const id = `lc-${randomUUID()}`;
  await apiCreate(providerA.key, body(id));
  await approvePending(id);
  const offline = await apiUpdate(providerA.key, { ...body(id), status: "OFFLINE" });
  expect(offline.body.data.requestType).toBe("Delivery Channel Update Status");
  await approvePending(id);
  expect(await view(id)).toMatchObject({ isApproved: true, status: "OFFLINE", name: body(id).name });
});

it("finding 2: a channel created over the API is found by the portal's search at once, by id and by name", async () => {
  const id = `lc-${randomUUID()}`;
  expect((await apiCreate(providerA.key, body(id))).status).toBe(200);
  const found = async (q: string) =>
    (await listProviderChannels(providerActor(providerA.id), { q })).items.map(
      (item) => item.providerDeliveryChannelId,
    );
  expect(await found(id)).toContain(id);
  expect(await found("riverside")).toContain(id);
  expect(await found("KIOSK")).toContain(id);
});

it("finding 3: a rejection is visible in the list, on the page and in the console until a new request", async () => {
  const id = `lc-${randomUUID()}`;
  await apiCreate(providerA.key, body(id));
  const pending = (await requestsOf(id))[0]!;
  await decideChannelRequest(admin, pending.id, { approve: false, reason: "The landing page does not load" });

  const listed = (await listProviderChannels(providerActor(providerA.id), { q: id })).items[0]!;
  expect(listed.rejectionReason).toBe("The landing page does not load");
  expect((await providerChannelDetail(providerActor(providerA.id), id))!.rejectionReason).toBe(
    "The landing page does not load",
  );
  const rejectedIds = async () =>
    (await allChannels(ADMIN, { providerId: providerA.id, request: "rejected" })).items.map(
      (item) => item.providerDeliveryChannelId,
    );
  expect(await rejectedIds()).toContain(id);

  await apiUpdate(providerA.key, { ...body(id), landingPage: "www.fixed.example" });
  expect(
    (await listProviderChannels(providerActor(providerA.id), { q: id })).items[0]!.rejectionReason,
  ).toBeNull();
  expect(await rejectedIds()).not.toContain(id);
});
