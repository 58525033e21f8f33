/**
 * The delivery log and what people can do with it: replay an event (the same payload and the same
 * webhook-id, so receivers can de-duplicate), replay all failed events of a period, and send a test
 * event to a subscription. Scoped to one provider for the provider portal; for administrators
 * (null) every live provider's, never a sandbox's.
 */
import { isoSeconds } from "../contract/envelope";
import { SUBSCRIBABLE_EVENT_TYPES } from "../contract/subscription";
import type { WebhookPayloads } from "../contract/webhooks";
import { db } from "../db";
import { invalid, notFound } from "./errors";
import { queueEvent } from "./outbox";
import { notifyOutboxWritten } from "./outbox-signal";
import { readPage } from "./paging";
import { OF_LIVE_PROVIDER } from "./sandbox-scope";

export const EVENT_OUTCOMES = ["PENDING", "DELIVERED", "FAILED", "SKIPPED"] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];

export interface DeliveryLogFilter {
  /** null: every live provider's events (administrators). */
  providerId: string | null;
  eventType?: string;
  outcome?: EventOutcome;
  page?: number;
  pageSize?: number;
}

export async function deliveryLog({
  providerId,
  eventType,
  outcome,
  page = 1,
  pageSize = 20,
}: DeliveryLogFilter) {
  const where = {
    ...scope(providerId),
    ...(eventType ? { eventType } : {}),
    ...(outcome ? { state: outcome } : {}),
  };
  const { items, ...paging } = await readPage(
    page,
    pageSize,
    () => db().outboxEvent.count({ where }),
    (window) =>
      db().outboxEvent.findMany({
        where,
        orderBy: { createdAt: "desc" },
        ...window,
        include: {
          provider: { select: { name: true } },
          deliveryAttempts: { orderBy: { startedAt: "asc" } },
        },
      }),
  );
  return { ...paging, events: items };
}

/** One provider's events, or (null) every live provider's. */
const scope = (providerId: string | null) => (providerId ? { providerId } : OF_LIVE_PROVIDER);

const replayable = { state: { in: ["FAILED", "SKIPPED", "DELIVERED"] } };
const newRound = (now: Date) => ({
  state: "PENDING",
  attempts: 0,
  nextAttemptAt: now,
  lastError: null,
  lockedUntil: null,
  claimToken: null,
});

/** Sends one event again from the first attempt of the schedule. */
export async function replayEvent(providerId: string | null, eventId: string, now = new Date()) {
  const { count } = await db().outboxEvent.updateMany({
    where: { id: eventId, ...scope(providerId), ...replayable },
    data: newRound(now),
  });
  if (count === 0)
    throw notFound("No such event that has finished its deliveries (a pending one is on its way).");
}

/** Sends again every FAILED event created in [from, to). Returns how many. */
export async function replayFailedEvents(providerId: string | null, from: Date, to: Date, now = new Date()) {
  if (!(from < to)) throw invalid("to", "must be after from");
  const { count } = await db().outboxEvent.updateMany({
    where: { ...scope(providerId), state: "FAILED", createdAt: { gte: from, lt: to } },
    data: newRound(now),
  });
  if (count) notifyOutboxWritten();
  return count;
}

/** Payloads of the test events: the contract's shapes, with values that say they are a test. */
const TEST_PAYLOADS: { [K in keyof WebhookPayloads]: () => WebhookPayloads[K] } = {
  DELIVERY_CHANNEL_STATUS_UPDATED: () => ({
    providerDeliveryChannelId: "test-channel",
    status: "Approved",
    message: "This is a test event sent from the portal.",
    requestType: "Delivery Channel Create",
    requestedDate: isoSeconds(new Date()),
  }),
  DELIVERY_REQUEST_SENT: () => ({
    deliveryRequestId: crypto.randomUUID(),
    providerDeliveryChannelId: "test-channel",
    description: "Test delivery request sent from the portal",
    delivery: [],
  }),
  DELIVERY_REFUND_REQUESTED: () => ({ deliveryId: crypto.randomUUID() }),
};

/** Queues a test event for the provider's subscription to this event type. */
export async function sendTestEvent(providerId: string, eventType: string) {
  if (!(SUBSCRIBABLE_EVENT_TYPES as readonly string[]).includes(eventType)) {
    throw invalid("eventType", "is not an event type one can subscribe to");
  }
  const subscription = await db().subscription.findUnique({
    where: { providerId_eventType: { providerId, eventType } },
    select: { id: true },
  });
  if (!subscription) throw notFound(`Subscribe to ${eventType} first.`);
  const type = eventType as keyof WebhookPayloads;
  const event = await queueEvent(db(), providerId, type, TEST_PAYLOADS[type]());
  notifyOutboxWritten();
  return event;
}
