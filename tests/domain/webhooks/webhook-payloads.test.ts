/**
 * The payloads the domain really queues, and the headers the dispatcher really sends, parse with the
 * contract's schemas (lib/contract/webhook-payloads.ts), strictly: what the OpenAPI document publishes to
 * providers is what they receive.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import {
  callbackHeadersSchema,
  WEBHOOK_PAYLOAD_SCHEMAS,
  type WebhookPayloads,
} from "@/lib/contract/webhook-payloads";
import { decideChannelRequest, requestChannelCreate, requestChannelUpdate } from "@/lib/domain/channels";
import { sendDeliveryRequest } from "@/lib/domain/deliveries";
import { requestRefund } from "@/lib/domain/payments";
import { addChannelToProgram, createProgram } from "@/lib/domain/programs";
import { createProvider } from "@/lib/domain/providers";
import { eventBody, sendExampleEvent, subscribe } from "@/lib/domain/webhooks";
import { runDueWebhookDeliveries } from "@/lib/jobs/webhook-dispatcher";
import { startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { approvedChannel, delivery, programWith, sendThrough } from "../../support/money/money-setup";
import { openOwnDatabase } from "../../support/server/own-database";
import { MANAGER, platformActor, providerActor } from "../../support/users/actors";

// Its own database: the dispatcher run below sends every due event of the database it runs on.
const own = openOwnDatabase();
const database = () => ({ db: own.db });
const ADMIN = platformActor(undefined, { id: "admin" });
type EventType = keyof WebhookPayloads;

const body = (providerDeliveryChannelId: string, budget: ChannelBody["budget"]): ChannelBody => ({
  providerDeliveryChannelId,
  name: { language: "EN", translation: "Cash" },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH"] },
  budget,
  deliveryOptions: [{ fieldLabel: "Phone", fieldName: "phone", dataType: "STRING", isRequired: false }],
});

/** Every payload of this type the provider has in the outbox, parsed with the contract's schema. */
async function parsedPayloads<T extends EventType>(
  providerId: string,
  eventType: T,
): Promise<WebhookPayloads[T][]> {
  const events = await database()
    .db()
    .outboxEvent.findMany({ where: { providerId, eventType }, orderBy: { createdAt: "asc" } });
  expect(events.length, eventType).toBeGreaterThan(0);
  // The body the dispatcher sends: a send's deliveries are filled in from its rows then.
  return Promise.all(
    events.map(
      async (event) =>
        WEBHOOK_PAYLOAD_SCHEMAS[eventType].parse(JSON.parse(await eventBody(event))) as WebhookPayloads[T],
    ),
  );
}

const pendingRequest = (channelId: string) =>
  database()
    .db()
    .channelRequest.findFirstOrThrow({
      where: { channelId, state: "PENDING" },
      orderBy: { requestedAt: "desc" },
    });

/** A provider with an approved channel whose budget is in `unit`, serving a program in that unit. */
async function servingChannel(budget: ChannelBody["budget"], unit: string) {
  const provider = await createProvider(ADMIN, `Payloads ${randomUUID()}`);
  await requestChannelCreate(providerActor(provider.id), body(`payloads-${randomUUID()}`, budget));
  const channel = await database()
    .db()
    .channel.findFirstOrThrow({ where: { providerId: provider.id } });
  await decideChannelRequest(ADMIN, (await pendingRequest(channel.id)).id, { approve: true });
  const program = await createProgram(MANAGER, {
    name: "Winter",
    description: "",
    unit,
    virtualBudget: 1000,
  });
  await addChannelToProgram(MANAGER, program.id, channel.id);
  return { providerId: provider.id, channelId: channel.id, programId: program.id };
}

describe("payloads the domain queues parse with the contract", () => {
  it("DELIVERY_CHANNEL_STATUS_UPDATED: an approved create, an update-status, a rejected update", async () => {
    const provider = await createProvider(ADMIN, `Payloads ${randomUUID()}`);
    const id = `payloads-${randomUUID()}`;
    await requestChannelCreate(providerActor(provider.id), body(id, undefined));
    const channel = await database()
      .db()
      .channel.findFirstOrThrow({ where: { providerId: provider.id } });
    await decideChannelRequest(ADMIN, (await pendingRequest(channel.id)).id, { approve: true });
    await requestChannelUpdate(providerActor(provider.id), { ...body(id, undefined), status: "OFFLINE" });
    await decideChannelRequest(ADMIN, (await pendingRequest(channel.id)).id, { approve: true });
    await requestChannelUpdate(providerActor(provider.id), {
      ...body(id, undefined),
      landingPage: "www.example.com",
    });
    await decideChannelRequest(ADMIN, (await pendingRequest(channel.id)).id, {
      approve: false,
      reason: "No.",
    });

    const payloads = await parsedPayloads(provider.id, "DELIVERY_CHANNEL_STATUS_UPDATED");
    expect(payloads.map(({ status, requestType, message }) => [status, requestType, message])).toEqual([
      ["Approved", "Delivery Channel Create", ""],
      ["Approved", "Delivery Channel Update Status", ""],
      ["Rejected", "Delivery Channel Update", "No."],
    ]);
  });

  it("DELIVERY_REQUEST_SENT in a currency and of a commodity, and DELIVERY_REFUND_REQUESTED", async () => {
    const inEuro = await servingChannel({ currency: "EUR", amount: 100 }, "EUR");
    const ofCans = await servingChannel({ commodity: "CAN_COMMODITY", amount: 100 }, "CAN_COMMODITY");
    for (const setup of [inEuro, ofCans]) {
      await sendDeliveryRequest(MANAGER, {
        programId: setup.programId,
        channelId: setup.channelId,
        description: "Winterization",
        idempotencyKey: randomUUID(),
        deliveries: [{ beneficiaryId: "b-1", amount: 12.5, options: { phone: "+359 888 123" } }],
      });
    }
    const [euro] = await parsedPayloads(inEuro.providerId, "DELIVERY_REQUEST_SENT");
    const [cans] = await parsedPayloads(ofCans.providerId, "DELIVERY_REQUEST_SENT");
    expect(euro!.delivery[0]).toMatchObject({ amount: 12.5, currency: "EUR" });
    expect(cans!.delivery[0]).toMatchObject({ amount: 12.5, commodity: "CAN_COMMODITY" });

    await requestRefund(MANAGER, euro!.delivery[0]!.deliveryId, "Sent to the wrong beneficiary");
    const [refund] = await parsedPayloads(inEuro.providerId, "DELIVERY_REFUND_REQUESTED");
    expect(refund).toEqual({ deliveryId: euro!.delivery[0]!.deliveryId });
  });

  it("the portal's test events, of every type", async () => {
    const provider = await createProvider(ADMIN, `Payloads ${randomUUID()}`);
    for (const eventType of Object.keys(WEBHOOK_PAYLOAD_SCHEMAS) as EventType[]) {
      await subscribe(providerActor(provider.id), {
        eventType,
        callbackUrl: "https://hooks.example.org/x",
        auth: null,
      });
      const { id } = await sendExampleEvent(providerActor(provider.id), eventType);
      // Not for sending: these test events only show their shape.
      await database()
        .db()
        .outboxEvent.update({ where: { id }, data: { state: "SKIPPED" } });
      await parsedPayloads(provider.id, eventType);
    }
  });
});

/** Runs the dispatcher until `receiver` got a callback; what it received. */
async function deliveredTo(receiver: Awaited<ReturnType<typeof startWebhookReceiver>>) {
  const settings = { allowPrivateAddresses: true, timeoutMs: 10_000, leaseMs: 60_000, pollMs: 100 };
  await vi.waitFor(
    async () => {
      await runDueWebhookDeliveries(new Date(), 50, settings);
      expect(receiver.received.length).toBeGreaterThan(0);
      // vi.waitFor's default second is too short on a loaded two-core CI machine.
    },
    { timeout: 15_000, interval: 100 },
  );
  return receiver.received;
}

it("a real callback carries the documented headers, and the example receiver recognises the payload", async () => {
  const receiver = await startWebhookReceiver({ secret: "payload-secret" });
  try {
    const provider = await createProvider(ADMIN, `Payloads ${randomUUID()}`);
    await subscribe(providerActor(provider.id), {
      eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
      callbackUrl: `${receiver.url}/hooks`,
      auth: { type: "hmac", secret: "payload-secret" },
    });
    await requestChannelCreate(providerActor(provider.id), body(`payloads-${randomUUID()}`, undefined));
    const channel = await database()
      .db()
      .channel.findFirstOrThrow({ where: { providerId: provider.id } });
    await decideChannelRequest(ADMIN, (await pendingRequest(channel.id)).id, { approve: true });
    const [callback] = await deliveredTo(receiver);
    expect(callbackHeadersSchema.safeParse(callback!.headers).error).toBeUndefined();
    expect(callback).toMatchObject({
      headersValid: true,
      eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
      verified: { xSignature: true, standardWebhooks: true },
    });
  } finally {
    await receiver.close();
  }
});

it("a send's callback carries every delivery, filled in from its rows when sent, and signed as sent", async () => {
  // More deliveries than a page the fill reads at a time (1,000), so the pages join up.
  const count = 1_200;
  const receiver = await startWebhookReceiver({ secret: "send-secret" });
  try {
    const setup = await approvedChannel(undefined);
    const programId = await programWith(100_000, [setup.channelId]);
    await subscribe(providerActor(setup.providerId), {
      eventType: "DELIVERY_REQUEST_SENT",
      callbackUrl: `${receiver.url}/hooks`,
      auth: { type: "hmac", secret: "send-secret" },
    });
    const deliveries = Array.from({ length: count }, (_, n) => delivery(1 + (n % 7), `ben-${count - n}`));
    const sent = await sendThrough({ programId, channelId: setup.channelId }, "Filled", deliveries);
    const [callback] = await deliveredTo(receiver);
    expect(callback).toMatchObject({
      eventType: "DELIVERY_REQUEST_SENT",
      verified: { xSignature: true, standardWebhooks: true },
    });
    const payload = WEBHOOK_PAYLOAD_SCHEMAS.DELIVERY_REQUEST_SENT.parse(JSON.parse(callback!.rawBody));
    const rows = await database()
      .db()
      .delivery.findMany({
        where: { deliveryRequestId: sent.deliveryRequestId },
        orderBy: { id: "asc" },
      });
    expect(payload.deliveryRequestId).toBe(sent.deliveryRequestId);
    // In the order sent (ids are uuid v7), each beneficiary id opened from its sealed row.
    expect(payload.delivery.map((item) => [item.deliveryId, item.beneficiaryId, item.amount])).toEqual(
      rows.map((row, n) => [row.id, deliveries[n]!.beneficiaryId, Number(row.amountMinor) / 100]),
    );
    expect(rows.every((row) => row.beneficiaryId.startsWith("b1."))).toBe(true);
    const stored = await database()
      .db()
      .outboxEvent.findFirstOrThrow({
        where: { providerId: setup.providerId, eventType: "DELIVERY_REQUEST_SENT" },
      });
    // The logs say the size of what was sent, and every attempt sends the same bytes.
    expect(stored.filledBytes).toBe(Buffer.byteLength(callback!.rawBody));
    expect(await eventBody(stored)).toBe(callback!.rawBody);
  } finally {
    await receiver.close();
  }
});
