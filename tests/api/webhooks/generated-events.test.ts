/**
 * Events a provider asks us to generate (sandbox delivery requests and refunds over the API, the
 * portal's "send example") are capped per minute (GENERATED_EVENTS_PER_MINUTE, lib/domain/webhooks/outbox.ts):
 * each is a callback the dispatcher must send, so a loop of calls must not fill the outbox. Over the
 * cap the API answers 429 in the envelope and the action a message; a minute later it works again.
 */

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "../../support/http/envelope";
import { ownServer } from "../../support/server/own-server";
import { ADMIN, providerActor } from "../../support/users/actors";

const own = ownServer({ WORKERS_IN_PROCESS: "false" });
let sandboxId: string;
let testKey: string;
let cap: number;

async function call(path: string, body: unknown) {
  const response = await fetch(`${own.server().baseUrl}${path}`, {
    method: "POST",
    headers: { "x-api-key": testKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, response, json: await response.json() };
}

const askDelivery = () =>
  call("/api/Sandbox/DeliveryRequest", { providerDeliveryChannelId: "none", deliveries: 1 });
const askRefund = () => call("/api/Sandbox/RefundRequest", { deliveryId: randomUUID() });

/** `count` events queued for the sandbox `agoMs` ago, as the dispatcher's table holds them. */
async function queued(count: number, agoMs: number) {
  const { db } = await import("../../../lib/db");
  await db().outboxEvent.createMany({
    data: Array.from({ length: count }, () => ({
      providerId: sandboxId,
      eventType: "DELIVERY_REFUND_REQUESTED",
      payload: JSON.stringify({ deliveryId: randomUUID() }),
      createdAt: new Date(Date.now() - agoMs),
      state: "DELIVERED",
    })),
  });
}

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  const { issueApiKey } = await import("../../../lib/domain/keys");
  const { createProvider } = await import("../../../lib/domain/providers");
  const { sandboxOf } = await import("../../../lib/domain/sandbox");
  cap = (await import("../../../lib/domain/webhooks")).GENERATED_EVENTS_PER_MINUTE;
  const provider = await createProvider(ADMIN, "Generated Events");
  sandboxId = await sandboxOf(provider.id);
  testKey = (await issueApiKey(ADMIN, sandboxId)).key;
});

describe("generated events per minute", () => {
  it("counts only the last minute's events, then refuses the sandbox helpers with a 429 saying when to retry, and the example with a message", async () => {
    await queued(cap, 2 * 60_000);
    // An old minute's events do not count: the requests go on to their own checks.
    expect((await askDelivery()).status).toBe(404);
    expect((await askRefund()).status).toBe(404);

    await queued(cap, 0);
    for (const reply of [await askDelivery(), await askRefund()]) {
      expectFailure(
        reply,
        429,
        "TooManyRequests",
        "Too Many Requests",
        new RegExp(`^${cap} events were queued`),
      );
      // The events that fill the minute were queued just now: room returns in about a minute.
      const retryAfter = Number(reply.response.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    const { subscribe } = await import("../../../lib/domain/webhooks");
    await subscribe(providerActor(sandboxId), {
      eventType: "DELIVERY_REFUND_REQUESTED",
      callbackUrl: "https://hooks.example.org/x",
      auth: null,
    });
    const { sendExampleEvent } = await import("../../../lib/domain/webhooks");
    await expect(
      sendExampleEvent(providerActor(sandboxId), "DELIVERY_REFUND_REQUESTED"),
    ).rejects.toMatchObject({
      kind: "too_many",
      message: expect.stringContaining("wait a minute"),
    });
  });
});
