/**
 * The delivery log and what people can do with it: replay an event (the same payload and the same
 * webhook-id, so receivers can de-duplicate), replay all failed events of a period, recover what a
 * re-enabled subscription missed, and send an example event to a subscription. Scoped to one
 * provider for the provider portal; for administrators (null) every live provider's, never a sandbox's.
 */
import { randomUUID } from "node:crypto";
import { RECOVERY_MAX_DAYS, RECOVERY_MAX_EVENTS } from "../../contract/forms/webhook-forms";
import { PORTAL_EVENT_TYPES } from "../../contract/subscription";
import { say } from "../../contract/validation-messages";
import { EXAMPLE_EVENT_ID_PREFIX, WEBHOOK_EXAMPLES } from "../../contract/webhook-catalog";
import type { WebhookPayloads } from "../../contract/webhook-payloads";
import { db, sendSignal, type Tx } from "../../db";
import { Prisma } from "../../db/generated/sqlite/client";
import { formatCount } from "../../format";
import { notifyOutboxWritten } from "../../infrastructure/outbox-signal";
import { recordAudit } from "../audit";
import { recordValuesRead, valueViewOf } from "../beneficiary-data";
import { conflict, invalid, notFound } from "../errors";
import { OF_LIVE_PROVIDER } from "../live-scope";
import { type PageQuery, readKeysetPage } from "../paging";
import { type Actor, authorize, authorizeProvider, type Permission } from "../permissions";
import { checkGeneratedEventRoom, queueEvent } from "./outbox";
import { eventBody } from "./request-sent-event";

const DAY_MS = 86_400_000;

export const EVENT_OUTCOMES = ["PENDING", "DELIVERED", "FAILED", "SKIPPED"] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];

/**
 * Whose events the actor works: a provider actor its own organisation's (with the provider
 * permission), a platform user every live provider's (null, with the console permission).
 */
function eventScopeOf(actor: Actor, providerPermission: Permission, consolePermission: Permission) {
  if (actor.providerId) return authorizeProvider(actor, providerPermission);
  authorize(actor, consolePermission);
  return null;
}

export interface DeliveryLogFilter extends PageQuery {
  eventType?: string;
  outcome?: EventOutcome;
  pageSize?: number;
}

/**
 * The start and the size in bytes of each event's payload, without reading the payload: the start is
 * stored with the event (SQLite read a payload whole to take its start), and the size is in the
 * stored value's header. Bytes, not characters: PostgreSQL counts a UTF-8 text's characters by
 * decompressing all of it (48 ms for 20 events of a megabyte).
 */
async function payloadPreviews(ids: string[]) {
  if (ids.length === 0) return new Map<string, { preview: string; bytes: number }>();
  const rows = await db().$queryRaw<{ id: string; preview: string; bytes: number | bigint }[]>(Prisma.sql`
    SELECT "id", "payloadPreview" AS "preview", COALESCE("filledBytes", octet_length("payload")) AS "bytes"
    FROM "OutboxEvent" WHERE "id" IN (${Prisma.join(ids)})`);
  return new Map(rows.map((row) => [row.id, { preview: row.preview, bytes: Number(row.bytes) }]));
}

const WITH_ATTEMPTS = {
  provider: { select: { name: true } },
  deliveryAttempts: { orderBy: { startedAt: "asc" } },
} as const;

/**
 * The log's events, newest first, each with its attempts and the start of its payload (the pages and
 * the platform API's list); `webhookEvent` reads one whole.
 */
export async function deliveryLog(
  actor: Actor,
  { eventType, outcome, pageSize = 20, ...query }: DeliveryLogFilter = {},
) {
  const providerId = eventScopeOf(actor, "provider.read", "console.read");
  const filter = {
    ...scope(providerId),
    ...(eventType ? { eventType } : {}),
    ...(outcome ? { state: outcome } : {}),
  };
  const { items, ...paging } = await readKeysetPage({
    query,
    pageSize,
    key: { field: "createdAt", direction: "desc", kind: "date" },
    table: db().outboxEvent,
    filter,
    rows: ({ where, orderBy, take }) =>
      db().outboxEvent.findMany({ where, orderBy, take, omit: { payload: true }, include: WITH_ATTEMPTS }),
  });
  const previews = await payloadPreviews(items.map((event) => event.id));
  return {
    ...paging,
    events: items.map((event) => {
      const { preview = "", bytes = 0 } = previews.get(event.id) ?? {};
      const payloadTruncated = Buffer.byteLength(preview) < bytes;
      return { ...event, payloadPreview: preview, payloadBytes: bytes, payloadTruncated };
    }),
  };
}

/**
 * One event of the log with its whole payload and its attempts; null when the actor may not see it.
 * Beneficiaries' values in it show as the actor may see them with `purpose`, and a read that showed
 * any in clear is recorded (lib/domain/beneficiary-data/read-values.ts).
 */
export async function webhookEvent(actor: Actor, eventId: string, purpose?: unknown) {
  const providerId = eventScopeOf(actor, "provider.read", "console.read");
  const event = await db().outboxEvent.findFirst({
    where: { id: eventId, ...scope(providerId) },
    include: WITH_ATTEMPTS,
  });
  if (!event) return null;
  const view = valueViewOf(actor, purpose);
  const payload = await eventBody(event, view);
  if (event.deliveriesOf)
    await recordValuesRead(actor, {
      deliveryRequestId: event.deliveriesOf,
      deliveries: "all",
      purpose,
      view,
      through: "webhook event",
    });
  return { ...event, payload };
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

type EventWhere = NonNullable<Parameters<Tx["outboxEvent"]["updateMany"]>[0]>["where"];

/**
 * Starts a new round of deliveries for every event `where` picks; how many. Like a new event's, the
 * change signals the dispatchers of other processes when it commits (lib/db/signals.ts); the caller
 * nudges this process's.
 */
async function requeue(tx: Tx, where: EventWhere, now: Date) {
  const { count } = await tx.outboxEvent.updateMany({ where, data: newRound(now) });
  if (count) await sendSignal(tx, "outbox_written");
  return count;
}

/** Sends one event again from the first attempt of the schedule. */
export async function replayEvent(actor: Actor, eventId: string, now = new Date()) {
  const providerId = eventScopeOf(actor, "provider.webhooks.manage", "webhooks.replay");
  await db().$transaction(async (tx) => {
    const where = { id: eventId, ...scope(providerId), ...replayable };
    const event = await tx.outboxEvent.findFirst({ where, select: { state: true } });
    const count = event ? await requeue(tx, where, now) : 0;
    if (count === 0 || !event) throw notFound(say("noSuchFinishedEvent"));
    await recordAudit(tx, actor, {
      action: "webhook_event.replayed",
      subjectType: "OutboxEvent",
      subjectId: eventId,
      before: { state: event.state },
      after: { state: "PENDING" },
    });
  });
  notifyOutboxWritten();
}

/** Sends again every FAILED event created in [from, to). Returns how many. */
export async function replayFailedEvents(actor: Actor, from: Date, to: Date, now = new Date()) {
  const providerId = eventScopeOf(actor, "provider.webhooks.manage", "webhooks.replay");
  if (!(from < to)) throw invalid("to", say("mustBeAfterFrom"));
  const count = await db().$transaction(async (tx) => {
    const where = { ...scope(providerId), state: "FAILED", createdAt: { gte: from, lt: to } };
    const count = await requeue(tx, where, now);
    if (count) {
      await recordAudit(tx, actor, {
        action: "webhook_event.failed_replayed",
        subjectType: providerId ? "Provider" : "LiveProviders",
        subjectId: providerId ?? "*",
        detail: { from, to, count },
        before: { state: "FAILED" },
        after: { state: "PENDING" },
      });
    }
    return count;
  });
  if (count) notifyOutboxWritten();
  return count;
}

/**
 * What a re-enabled subscription missed since `since`: its events that failed or were skipped, and
 * those still waiting for a retry (not those under way: their worker still owns them). At most
 * RECOVERY_MAX_DAYS back and RECOVERY_MAX_EVENTS, or nothing. The caller nudges once committed.
 */
export async function recoverEvents(tx: Tx, providerId: string, eventType: string, since: Date, now: Date) {
  if (since > now) throw invalid("recoverSince", say("mustNotBeInFuture"));
  if (since.getTime() < now.getTime() - RECOVERY_MAX_DAYS * DAY_MS)
    throw invalid("recoverSince", say("mustBeWithinLastDays", { days: RECOVERY_MAX_DAYS }));
  const where: EventWhere = {
    providerId,
    eventType,
    createdAt: { gte: since },
    OR: [
      { state: { in: ["FAILED", "SKIPPED"] } },
      { state: "PENDING", OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    ],
  };
  const matching = await tx.outboxEvent.count({ where });
  if (matching > RECOVERY_MAX_EVENTS)
    throw invalid(
      "recoverSince",
      say("tooManyEventsToRecover", {
        count: formatCount(matching),
        max: formatCount(RECOVERY_MAX_EVENTS),
      }),
    );
  return requeue(tx, where, now);
}

/**
 * Queues the event type's example (the catalog's, lib/contract/webhook-catalog.ts) for the
 * provider's subscription, delivered like any event. Its id, the callback's webhook-id, starts with
 * `example-`, so the receiver and the webhook log tell it from a real one.
 */
export async function sendExampleEvent(actor: Actor, eventType: string) {
  const providerId = authorizeProvider(actor, "provider.webhooks.manage");
  if (!(PORTAL_EVENT_TYPES as readonly string[]).includes(eventType)) {
    throw invalid("eventType", say("isNotSubscribableEventType"));
  }
  const subscription = await db().subscription.findUnique({
    where: { providerId_eventType: { providerId, eventType } },
    select: { id: true, disabledAt: true },
  });
  if (!subscription) throw notFound(say("subscribeFirst", { eventType }));
  // Queued, it would only be skipped: say why now, as the catalog's disabled button does.
  if (subscription.disabledAt) throw conflict(say("subscriptionDisabledReenableForExample"));
  await checkGeneratedEventRoom(providerId);
  const type = eventType as keyof WebhookPayloads;
  const event = await db().$transaction(async (tx) => {
    const queued = await queueEvent(tx, providerId, type, WEBHOOK_EXAMPLES[type], {
      id: `${EXAMPLE_EVENT_ID_PREFIX}${randomUUID()}`,
    });
    await recordAudit(tx, actor, {
      action: "webhook_event.example_sent",
      subjectType: "OutboxEvent",
      subjectId: queued.id,
      detail: { eventType },
      after: { state: "PENDING" },
    });
    return queued;
  });
  notifyOutboxWritten();
  return event;
}
