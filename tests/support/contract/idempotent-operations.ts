/**
 * Every operation that takes an Idempotency-Key, each with a subject of its own in a fresh
 * database (made through the domain, as the console would) and what must hold once it has
 * happened exactly once: tests/api/contract/idempotency-crash.test.ts sends each to a server that dies
 * between the commit and the stored answer, then retries it.
 */

import { createHash, randomUUID } from "node:crypto";
import { expect } from "vitest";
import { issueApiKey } from "../../../lib/domain/keys";
import { createProvider } from "../../../lib/domain/providers";
import { subscribe } from "../../../lib/domain/webhooks";
import { minimalChannelBody } from "../channels/channel-bodies";
import { type PlatformUser, V1 } from "../platform/platform-api";
import type { OwnDatabase } from "../server/own-database";
import { ADMIN, providerActor } from "../users/actors";
import { idempotentSubjects } from "./idempotent-subjects";

export interface Case {
  name: string;
  path: string;
  /** x-api-key (provider API) or a platform token. */
  auth: Record<string, string>;
  body?: unknown;
  /** What the database holds once the operation has happened exactly once. */
  once: () => Promise<void>;
  /** The success the retry must answer. */
  answer: (data: Record<string, unknown>) => void;
}

const key = (apiKey: string) => ({ "x-api-key": apiKey });
const bearer = (user: PlatformUser) => ({ authorization: `Bearer ${user.token}` });

/** The operations and their subjects, written into `database`. */
export async function idempotentOperations(database: OwnDatabase): Promise<Case[]> {
  const db = () => database.db();
  const cases: Case[] = [];
  const {
    provider,
    apiKey,
    admin,
    reviewer,
    manager,
    approver,
    serving,
    program,
    small,
    held,
    heldToReject,
    heldRefund,
    heldRefundToReject,
    toApprove,
    toReject,
    toUpdate,
    toLink,
    refundDeliveryId,
    event,
  } = await idempotentSubjects(database);
  const subscribed = `https://hooks.example.org/${randomUUID()}`;
  const programName = `Program ${randomUUID()}`;
  const providerName = `Provider ${randomUUID()}`;
  const createdId = `crash-created-${randomUUID()}`;
  const exactlyOne = async (count: Promise<number>) => expect(await count).toBe(1);
  // Unsubscribe removes a subscription the provider has; a key issue revokes the keys of a provider
  // of its own (the other cases use the first provider's key).
  const unsubscribed = "DELIVERY_CHANNEL_STATUS_UPDATED";
  await subscribe(providerActor(provider.id), {
    eventType: unsubscribed,
    callbackUrl: `https://hooks.example.org/${randomUUID()}`,
    auth: null,
  });
  const rekeyed = await createProvider(ADMIN, `Rekeyed provider ${randomUUID()}`);
  await issueApiKey(ADMIN, rekeyed.id);
  let issuedKey = "";
  const state = (id: string) => db().deliveryRequest.findUniqueOrThrow({ where: { id } });

  cases.push(
    {
      name: "provider Create",
      path: "/api/DeliveryChannel/Create",
      auth: key(apiKey),
      body: minimalChannelBody(createdId),
      once: () => exactlyOne(db().channel.count({ where: { providerDeliveryChannelId: createdId } })),
      answer: (data) => expect(data.providerDeliveryChannelId).toBe(createdId),
    },
    {
      name: "provider Update",
      path: "/api/DeliveryChannel/Update",
      auth: key(apiKey),
      body: { ...minimalChannelBody(toUpdate.id), landingPage: "www.updated.example" },
      once: () =>
        exactlyOne(db().channelRequest.count({ where: { channelId: toUpdate.channelId, state: "PENDING" } })),
      answer: (data) => expect(data.requestType).toBe("Delivery Channel Update"),
    },
    {
      name: "Subscribe",
      path: "/api/Event/Subscribe",
      auth: key(apiKey),
      body: { eventType: "DELIVERY_REQUEST_SENT", callbackUrl: subscribed, auth: null },
      once: () =>
        exactlyOne(db().subscription.count({ where: { providerId: provider.id, callbackUrl: subscribed } })),
      answer: (data) => expect(data.callbackUrl).toBe(subscribed),
    },
    {
      name: "DeliveryRequest/Sync",
      path: "/api/DeliveryRequest/Sync",
      auth: key(apiKey),
      body: { deliveryRequestId: small.requestId, providerDeliveryRequestId: "prov-1", status: "APPROVED" },
      once: async () => expect((await state(small.requestId)).providerDeliveryRequestId).toBe("prov-1"),
      answer: () => {},
    },
    {
      name: "Delivery/Sync",
      path: "/api/Delivery/Sync",
      auth: key(apiKey),
      body: { deliveryList: [{ deliveryId: small.deliveryId, status: "DELIVERED" }] },
      once: async () => expect((await state(small.requestId)).deliveredMinor).toBe(500n),
      answer: () => {},
    },
    {
      name: "create a program",
      path: `${V1}/programs`,
      auth: bearer(manager),
      body: { name: programName, description: "", unit: "EUR", virtualBudget: 100 },
      once: () => exactlyOne(db().program.count({ where: { name: programName } })),
      answer: (data) => expect(data.name).toBe(programName),
    },
    {
      name: "add a channel to a program",
      path: `${V1}/programs/${program.id}/channels`,
      auth: bearer(manager),
      body: { channelId: toLink.channelId },
      once: () =>
        exactlyOne(
          db().programChannel.count({ where: { programId: program.id, channelId: toLink.channelId } }),
        ),
      answer: (data) => expect(data.done).toBe(true),
    },
    {
      name: "approve a channel request",
      path: `${V1}/channel-requests/${toApprove.requestId}/approve`,
      auth: bearer(reviewer),
      once: async () =>
        expect(
          (await db().channel.findUniqueOrThrow({ where: { id: toApprove.channelId } })).isApproved,
        ).toBe(true),
      answer: (data) => expect(data.state).toBe("APPROVED"),
    },
    {
      name: "reject a channel request",
      path: `${V1}/channel-requests/${toReject.requestId}/reject`,
      auth: bearer(reviewer),
      body: { reason: "No phone" },
      once: async () =>
        expect(
          (await db().channelRequest.findUniqueOrThrow({ where: { id: toReject.requestId } })).state,
        ).toBe("REJECTED"),
      answer: (data) => expect(data.state).toBe("REJECTED"),
    },
    {
      name: "approve a payment (the final approval sends it)",
      path: `${V1}/delivery-requests/${held.requestId}/approve`,
      auth: bearer(approver),
      once: async () => {
        expect((await state(held.requestId)).approvalState).toBe("SENT");
        expect(await db().paymentApproval.count({ where: { deliveryRequestId: held.requestId } })).toBe(1);
      },
      answer: (data) => expect(data.state).toBe("SENT"),
    },
    {
      name: "reject a payment",
      path: `${V1}/delivery-requests/${heldToReject.requestId}/reject`,
      auth: bearer(approver),
      body: { reason: "Not signed off" },
      once: async () => expect((await state(heldToReject.requestId)).approvalState).toBe("REJECTED"),
      answer: (data) => expect(data.state).toBe("REJECTED"),
    },
    {
      name: "approve a held refund",
      path: `${V1}/refund-requests/${heldRefund.id}/approve`,
      auth: bearer(approver),
      once: async () =>
        expect((await db().refundRequest.findUniqueOrThrow({ where: { id: heldRefund.id } })).state).toBe(
          "REQUESTED",
        ),
      answer: (data) => expect(data.state).toBe("REQUESTED"),
    },
    {
      name: "reject a held refund",
      path: `${V1}/refund-requests/${heldRefundToReject.id}/reject`,
      auth: bearer(approver),
      body: { reason: "Not a duplicate" },
      once: async () =>
        expect(
          (await db().refundRequest.findUniqueOrThrow({ where: { id: heldRefundToReject.id } })).state,
        ).toBe("REJECTED"),
      answer: (data) => expect(data.state).toBe("REJECTED"),
    },
    {
      name: "request a refund",
      path: `${V1}/deliveries/${refundDeliveryId}/refund`,
      auth: bearer(manager),
      body: { reason: "Paid twice" },
      once: async () => {
        const delivery = await db().delivery.findUniqueOrThrow({ where: { id: refundDeliveryId } });
        expect(delivery.refundReason).toMatch(/^b1\./); // sealed (issue 36); money.test.ts opens it
        const events = await db().outboxEvent.count({
          where: { eventType: "DELIVERY_REFUND_REQUESTED", payloadPreview: { contains: refundDeliveryId } },
        });
        expect(events).toBe(1);
      },
      answer: (data) => expect(data.state).toBe("REQUESTED"),
    },
    {
      name: "send a delivery request",
      path: `${V1}/programs/${program.id}/delivery-requests`,
      auth: bearer(manager),
      body: {
        channelId: serving.channelId,
        description: "Crash send",
        deliveries: [{ beneficiaryId: "crash-b", amount: 3, options: { phone: "+359888" } }],
      },
      once: () =>
        exactlyOne(
          db().deliveryRequest.count({ where: { programId: program.id, description: "Crash send" } }),
        ),
      answer: (data) => expect(data.approvalState).toBe("SENT"),
    },
    {
      name: "set an approval policy",
      path: `${V1}/programs/${program.id}/approval-policy`,
      auth: bearer(admin),
      body: {
        deliveryThreshold: 20,
        deliveryApprovalsRequired: 1,
        refundThreshold: 10,
        refundApprovalsRequired: 1,
      },
      once: async () =>
        expect(
          (await db().program.findUniqueOrThrow({ where: { id: program.id } }))
            .deliveryApprovalThresholdMinor,
        ).toBe(2000n),
      answer: (data) => expect(data.done).toBe(true),
    },
    {
      name: "create a provider (and its first key)",
      path: `${V1}/providers`,
      auth: bearer(admin),
      body: { name: providerName },
      once: async () => {
        const created = await db().provider.findMany({
          where: { name: providerName },
          include: { apiKeys: true },
        });
        expect(created).toHaveLength(1);
        expect(created[0]!.apiKeys.filter((apiKey) => !apiKey.revokedAt)).toHaveLength(1);
      },
      answer: (data) => expect(data.name).toBe(providerName),
    },
    {
      name: "Unsubscribe",
      path: "/api/Event/Unsubscribe",
      auth: key(apiKey),
      body: { eventType: unsubscribed },
      once: async () =>
        expect(
          await db().subscription.count({ where: { providerId: provider.id, eventType: unsubscribed } }),
        ).toBe(0),
      // Run again, it would answer 404: the subscription is gone.
      answer: (data) => expect(data.eventType).toBe(unsubscribed),
    },
    {
      name: "issue a provider's key",
      path: `${V1}/providers/${rekeyed.id}/keys`,
      auth: bearer(admin),
      once: async () => {
        // Its first key and the one issued: issued again, a third.
        expect(await db().apiKey.count({ where: { providerId: rekeyed.id } })).toBe(2);
        const active = await db().apiKey.findMany({ where: { providerId: rekeyed.id, revokedAt: null } });
        expect(active).toHaveLength(1);
        // The answered key is the stored one: run again, it would answer a key that matches no hash.
        expect(active[0]!.hash).toBe(createHash("sha256").update(issuedKey).digest("hex"));
      },
      answer: (data) => {
        issuedKey = String(data.key);
        expect(data.providerId).toBe(rekeyed.id);
      },
    },
    {
      name: "replay a webhook event",
      path: `${V1}/webhook-events/${event.id}/replay`,
      auth: bearer(admin),
      once: async () =>
        expect((await db().outboxEvent.findUniqueOrThrow({ where: { id: event.id } })).state).toBe("PENDING"),
      answer: () => {},
    },
  );
  return cases;
}
