/**
 * The embedded default end to end: `npm start` runs the dispatcher in its own process, so a
 * provider that subscribes through the REST API receives the signed DELIVERY_CHANNEL_STATUS_UPDATED
 * callback of an approval without any other process running. Own database and server.
 */

import { afterAll, beforeAll, expect, it } from "vitest";
import {
  startWebhookReceiver,
  verifyStandardWebhook,
  verifyXSignature,
} from "../../../scripts/webhook-receiver/receiver";
import { ownServer } from "../../support/server/own-server";
import { ADMIN, reviewerActor } from "../../support/users/actors";

const own = ownServer({ WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_POLL_MS: "100" });
let dbModule: typeof import("../../../lib/db");

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  dbModule = await import("../../../lib/db");
});

afterAll(async () => {
  await dbModule?.disconnectDb();
});

async function post(path: string, key: string, body: unknown) {
  const response = await fetch(`${own.server().baseUrl}${path}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: string };
}

it("an approval reaches the provider's receiver, signed, from the app process", {
  timeout: 60_000,
}, async () => {
  const secret = "in-process-secret";
  const receiver = await startWebhookReceiver({ secret });
  try {
    const { issueApiKey } = await import("../../../lib/domain/keys");
    const { createProvider } = await import("../../../lib/domain/providers");
    const provider = await createProvider(ADMIN, "In-process provider");
    const { key } = await issueApiKey(ADMIN, provider.id);
    const subscribed = await post("/api/Event/Subscribe", key, {
      eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
      callbackUrl: `${receiver.url}/callbacks`,
      auth: { type: "hmac", secret },
    });
    expect(subscribed.status).toBe("success");
    const created = await post("/api/DeliveryChannel/Create", key, {
      providerDeliveryChannelId: "in-process-1",
      name: { language: "EN", translation: "Cash pickup" },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"] },
    });
    expect(created.status).toBe("success");

    const request = await dbModule.db().channelRequest.findFirstOrThrow({ where: { state: "PENDING" } });
    const { decideChannelRequest } = await import("../../../lib/domain/channels");
    await decideChannelRequest(reviewerActor("admin", null), request.id, {
      approve: false,
      reason: "Add a short description",
    });

    const deadline = Date.now() + 30_000;
    while (receiver.received.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const [callback] = receiver.received;
    expect(JSON.parse(callback!.rawBody)).toEqual({
      providerDeliveryChannelId: "in-process-1",
      status: "Rejected",
      message: "Add a short description",
      requestType: "Delivery Channel Create",
      requestedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(verifyXSignature(secret, callback!.rawBody, callback!.headers["x-signature"] as string)).toBe(
      true,
    );
    expect(verifyStandardWebhook(secret, callback!.rawBody, callback!.headers)).toBe(true);
  } finally {
    await receiver.close();
  }
});
