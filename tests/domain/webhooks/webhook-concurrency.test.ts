/**
 * A hanging receiver delays only its own subscription: provider H's receiver accepts every callback
 * and never answers, with 64 events queued ahead of provider G's 20; all of G's reach G's receiver
 * while H's first attempts are still open. An ordering assertion, not a timing one: the receivers
 * record what happened first. The dispatcher runs as in production (its own loop, the real clock),
 * on its own fresh database so that no other test's events are involved.
 */

import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN, providerActor } from "../../support/users/actors";

const EVENT_TYPE = "DELIVERY_CHANNEL_STATUS_UPDATED";
// Only ends H's attempts so that the test can stop; nothing below depends on how long anything takes.
const SETTINGS = { allowPrivateAddresses: true, timeoutMs: 5_000, leaseMs: 60_000, pollMs: 50 };

const database = openOwnDatabase();

/** Accepts each callback and never answers; counts the requests received and those given up on. */
async function hangingReceiver() {
  const state = { received: 0, closed: 0 };
  const server = createServer((request, response) => {
    state.received++;
    request.resume();
    // The dispatcher gave up on this attempt (its timeout) and closed the connection.
    response.on("close", () => state.closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function queue(providerId: string, count: number, nextAttemptAt: Date) {
  await database.db().outboxEvent.createMany({
    data: Array.from({ length: count }, () => ({
      providerId,
      eventType: EVENT_TYPE,
      payload: JSON.stringify({ providerDeliveryChannelId: randomUUID(), status: "Approved", message: "" }),
      nextAttemptAt,
    })),
  });
}

it("a receiver that never answers does not delay another provider's events", {
  timeout: 60_000,
}, async () => {
  const { createProvider } = await import("../../../lib/domain/providers");
  const { subscribe } = await import("../../../lib/domain/webhooks");
  const { startWebhookDispatcher } = await import("../../../lib/jobs/webhook-dispatcher");
  const hanging = await hangingReceiver();
  // What H's receiver had seen when each of G's callbacks arrived.
  const seenFromH: Array<{ received: number; closed: number }> = [];
  const healthy = await startWebhookReceiver({
    onCallback: () => {
      seenFromH.push({ ...hanging.state });
      return 200;
    },
  });
  const h = await createProvider(ADMIN, `Hanging ${randomUUID()}`);
  const g = await createProvider(ADMIN, `Healthy ${randomUUID()}`);
  await subscribe(providerActor(h.id), { eventType: EVENT_TYPE, callbackUrl: hanging.url, auth: null });
  await subscribe(providerActor(g.id), { eventType: EVENT_TYPE, callbackUrl: healthy.url, auth: null });
  // H's backlog is due first, so a dispatcher that takes events in due order meets it first.
  await queue(h.id, 64, new Date(Date.now() - 60_000));
  await queue(g.id, 20, new Date(Date.now() - 30_000));

  const stop = startWebhookDispatcher(SETTINGS);
  try {
    // Until G has everything or the first of H's attempts is given up on, whichever comes first.
    while (healthy.received.length < 20 && hanging.state.closed === 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    await stop();
    await hanging.close();
    await healthy.close();
  }

  expect(healthy.received).toHaveLength(20);
  const atLast = seenFromH.at(-1)!;
  expect(atLast.received, "H's callbacks were under way").toBeGreaterThan(0);
  expect(atLast.closed, "none of H's first attempts had ended").toBe(0);
  expect(await database.db().outboxEvent.count({ where: { providerId: g.id, state: "DELIVERED" } })).toBe(20);
});
