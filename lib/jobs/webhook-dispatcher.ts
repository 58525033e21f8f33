/**
 * Delivers outbox events to providers' webhooks, at least once. A worker claims due events with a
 * lease (lockedUntil + claimToken) in a conditional update, so several workers — in the app process
 * or `npm run worker` processes, on SQLite or PostgreSQL — never send the same event at once, and a
 * worker that dies mid-delivery releases its claim when the lease expires. Outcomes are recorded
 * only while the claim is still the worker's own.
 *
 * There are no rounds: each claimed event is delivered and its outcome recorded on its own, and the
 * dispatcher claims more as soon as there is room. Room is per subscription (provider and event
 * type: `perSubscription` callbacks under way per worker) within a worker-wide `maxInFlight`, so a
 * slow or hanging receiver holds only its own subscription's places while every other subscription's
 * events keep flowing.
 *
 * Only a 2xx is success. 410 Gone disables the subscription. Other failures retry on the schedule of
 * lib/webhooks/schedule.ts; after the last attempt the event is FAILED and stays replayable. Every
 * attempt is logged (WebhookAttempt) for the delivery log.
 */
import { webhookSettings } from "../config";
import { onOutboxWritten } from "../domain/webhooks";
import { log } from "../log";
import {
  claimDueEvents,
  type EventRow,
  type Subscription,
  subscriptionKey,
  subscriptionsFor,
} from "./webhook-claims";
import { createRecorder, deliver } from "./webhook-outcomes";

type Settings = ReturnType<typeof webhookSettings>;

/**
 * One worker's deliveries: what it has under way per subscription, and the claims that fill the room
 * left. `clock` is the scheduling clock (injectable for tests); only one `fill` may run at a time.
 */
function createDispatcher(settings: Settings, clock: () => Date) {
  const inFlight = new Map<string, number>();
  const deliveries = new Set<Promise<void>>();
  const record = createRecorder();
  const listeners = new Set<() => void>();
  // Until this time (a poll interval) a complete look stands: every due event not under way belonged
  // to a full subscription, so only subscriptions that made room since need looking at. Fewer
  // lookups past a large backlog; new events elsewhere are found at the next poll or nudge, as ever.
  let lookedEverywhereUntil = 0;
  let nudges = 0;
  const madeRoom = new Set<string>();

  function start(event: EventRow, claimToken: string, subscription: Subscription | undefined) {
    const key = subscriptionKey(event);
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    const delivery = deliver(event, claimToken, subscription, settings)
      .then((result) => record(result, clock()))
      .catch((error: unknown) => {
        // The claim expires with its lease and the event is sent again: at least once, never lost.
        log.error({ err: error, eventId: event.id }, "webhook outcome not recorded");
      })
      .finally(() => {
        const left = inFlight.get(key)! - 1;
        if (left > 0) inFlight.set(key, left);
        else inFlight.delete(key);
        madeRoom.add(key);
        deliveries.delete(delivery);
        for (const listener of listeners) listener();
      });
    deliveries.add(delivery);
  }

  return {
    /**
     * Claims what there is room for, at most `max`, and starts each delivery. `more`: the claim
     * stopped looking before it knew that nothing else could be claimed now.
     */
    async fill(max = Number.POSITIVE_INFINITY): Promise<{ claimed: number; more: boolean }> {
      const total = Math.min(settings.maxInFlight - deliveries.size, max);
      const only = Date.now() < lookedEverywhereUntil ? [...madeRoom] : undefined;
      if (total <= 0 || only?.length === 0) return { claimed: 0, more: false };
      madeRoom.clear();
      const [looked, nudgesBefore] = [Date.now(), nudges];
      const room = { total, perSubscription: settings.perSubscription, inFlight, only };
      const { claimToken, events, complete } = await claimDueEvents(clock(), room, settings.leaseMs);
      if (complete && !only && nudges === nudgesBefore) lookedEverywhereUntil = looked + settings.pollMs;
      if (!complete) for (const key of only ?? []) madeRoom.add(key);
      const more = !complete && deliveries.size + events.length < settings.maxInFlight;
      if (events.length === 0) return { claimed: 0, more };
      log.debug({ claimed: events.length, claimToken }, "webhook events claimed");
      // If this read fails, the claims expire with their leases and the events are claimed again.
      const subscriptions = await subscriptionsFor(events);
      for (const event of events) start(event, claimToken, subscriptions.get(subscriptionKey(event)));
      return { claimed: events.length, more };
    },
    /** New events may be due anywhere (an outbox write in this process): the next claim looks everywhere. */
    lookEverywhere() {
      lookedEverywhereUntil = 0;
      nudges++;
    },
    underWay: () => deliveries.size,
    /** Calls `listener` whenever a delivery has finished (its outcome recorded or given up). */
    onSettled(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Waits for every delivery under way, including those that start meanwhile. */
    async idle(): Promise<void> {
      while (deliveries.size) await Promise.allSettled([...deliveries]);
    },
  };
}

const withDefaults = (settings: Partial<Settings>): Settings => ({ ...webhookSettings(), ...settings });

/**
 * Delivers the events due at `now` (an injectable clock for tests), at most `limit`, with the same
 * per-subscription room as the running dispatcher, and returns once every outcome is recorded; the
 * number of events handled. An event is claimed at most once per call: a failed one is due later.
 */
export async function runDueWebhookDeliveries(
  now = new Date(),
  limit = 16,
  settings: Partial<Settings> = {},
) {
  const dispatcher = createDispatcher(withDefaults(settings), () => now);
  let handled = 0;
  // A delivery that finished during a claim may have left room the claim did not see: claim again.
  let settled = false;
  let wake = () => {};
  const stopListening = dispatcher.onSettled(() => {
    settled = true;
    wake();
  });
  try {
    for (;;) {
      settled = false;
      const { claimed, more } = await dispatcher.fill(limit - handled);
      handled += claimed;
      if (more || settled) continue;
      if (dispatcher.underWay() === 0) return handled;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stopListening();
    await dispatcher.idle();
  }
}

/**
 * Claims continuously until stopped: again as soon as a delivery finished, an outbox write in this
 * process nudged it, or a claim stopped looking early; otherwise every `pollMs`. Returns a stop function that
 * waits for the deliveries under way and their records.
 */
export function startWebhookDispatcher(options: Partial<Settings> = {}): () => Promise<void> {
  const settings = withDefaults(options);
  const dispatcher = createDispatcher(settings, () => new Date());
  let stopped = false;
  let wake: () => void = () => {};
  let woken = false;
  const nudge = () => {
    woken = true;
    wake();
  };
  const stopListening = onOutboxWritten(() => {
    dispatcher.lookEverywhere();
    nudge();
  });
  const stopSettled = dispatcher.onSettled(nudge);
  const loop = (async () => {
    while (!stopped) {
      woken = false;
      await new Promise(setImmediate);
      const { more } = await dispatcher.fill().catch((error: unknown) => {
        log.error({ err: error }, "webhook claim failed");
        return { more: false };
      });
      if (!more && !stopped && !woken) {
        // A referenced timer: it is what keeps `npm run worker` alive while there is nothing to do.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, settings.pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();
  log.info(
    { perSubscription: settings.perSubscription, maxInFlight: settings.maxInFlight },
    "webhook dispatcher started",
  );
  return async () => {
    stopped = true;
    stopListening();
    stopSettled();
    wake();
    await loop;
    await dispatcher.idle();
  };
}
