/**
 * How the webhook dispatcher claims due outbox events: with a lease (lockedUntil + claimToken) in a
 * conditional update, and only as many of each subscription's events as that subscription has room
 * for in this worker, so that a hanging receiver's backlog never takes the places of other
 * subscriptions' events.
 */
import { randomUUID } from "node:crypto";
import { db } from "../db";
import { dueAndUnleased, unleased } from "./leases";

/** A subscription's events share provider and event type; neither contains a space. */
export const subscriptionKey = (event: { providerId: string; eventType: string }) =>
  `${event.providerId} ${event.eventType}`;

const keyWhere = (key: string) => {
  const [providerId, eventType] = key.split(" ");
  return { providerId, eventType };
};

export interface Room {
  /** Events this claim may take in all. */
  total: number;
  /** Events per subscription a worker may have under way. */
  perSubscription: number;
  /** This worker's events under way, by subscription key. */
  inFlight: ReadonlyMap<string, number>;
  /** Look only at these subscriptions' events (those that made room since a complete look). */
  only?: string[];
}

/** Lookups per claim; each one that falls short of `total` has filled at least one subscription. */
const MAX_LOOKUPS = 4;

/**
 * Picks the due events there is room for, oldest due first. Full subscriptions are left out of the
 * query itself; a lookup that met a subscription filling up looks again without it. `complete`: every
 * other due event (of `only`, if given) belongs to a subscription that is now full.
 */
async function pickDueEvents(now: Date, room: Room) {
  const counts = new Map(room.inFlight);
  const picked: string[] = [];
  let complete = false;
  for (let lookup = 0; lookup < MAX_LOOKUPS && picked.length < room.total; lookup++) {
    const full = [...counts].filter(([, count]) => count >= room.perSubscription).map(([key]) => key);
    const wanted = room.total - picked.length;
    const rows = await db().outboxEvent.findMany({
      where: {
        ...dueAndUnleased(now),
        // Only when non-empty: an empty NOT or notIn list is not a no-op everywhere.
        ...(picked.length ? { id: { notIn: picked } } : {}),
        ...(full.length ? { NOT: full.map(keyWhere) } : {}),
        ...(room.only ? { AND: [{ OR: room.only.map(keyWhere) }] } : {}),
      },
      orderBy: { nextAttemptAt: "asc" },
      take: wanted,
      select: { id: true, providerId: true, eventType: true },
    });
    for (const row of rows) {
      const key = subscriptionKey(row);
      const count = counts.get(key) ?? 0;
      if (count >= room.perSubscription) continue;
      counts.set(key, count + 1);
      picked.push(row.id);
    }
    complete = rows.length < wanted;
    if (complete) break;
  }
  return { picked, complete };
}

/**
 * Claims the picked events in one conditional update under one claim token (re-checked in the
 * update, so of several workers that saw the same rows each row goes to exactly one), then reads
 * back the rows this worker got.
 */
export async function claimDueEvents(now: Date, room: Room, leaseMs: number) {
  const { picked, complete } = await pickDueEvents(now, room);
  if (picked.length === 0) return { claimToken: "", events: [], complete };
  const claimToken = randomUUID();
  await db().outboxEvent.updateMany({
    where: { id: { in: picked }, state: "PENDING", ...unleased(now) },
    data: { lockedUntil: new Date(now.getTime() + leaseMs), claimToken },
  });
  const events = await db().outboxEvent.findMany({ where: { claimToken } });
  return { claimToken, events, complete };
}

export type EventRow = Awaited<ReturnType<typeof claimDueEvents>>["events"][number];

/** The subscriptions the claimed events go to, by subscription key: one query per claim. */
export async function subscriptionsFor(events: EventRow[]) {
  const rows = await db().subscription.findMany({
    where: {
      providerId: { in: [...new Set(events.map((event) => event.providerId))] },
      eventType: { in: [...new Set(events.map((event) => event.eventType))] },
    },
  });
  return new Map(rows.map((row) => [subscriptionKey(row), row]));
}

export type Subscription =
  Awaited<ReturnType<typeof subscriptionsFor>> extends Map<string, infer S> ? S : never;
