/**
 * `npm run dev` runs the background workers too (issue 11), so webhooks go out in development: a
 * test event queued in the dev server's database reaches a real receiver, with no production server
 * and no `npm run worker`. Once, on SQLite (the development default): `next dev` is slow to start.
 */

import { describe, expect, inject, it, vi } from "vitest";
import { createProvider } from "@/lib/domain/providers";
import { sendExampleEvent, subscribe } from "@/lib/domain/webhooks";
import { startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { openOwnDatabase } from "../../support/server/own-database";
import { startServer } from "../../support/server/test-server";
import { ADMIN, providerActor } from "../../support/users/actors";

describe.runIf(inject("databaseKind") === "sqlite")("npm run dev", () => {
  const database = openOwnDatabase();

  it("starts the webhook dispatcher, which delivers a queued event", async () => {
    const receiver = await startWebhookReceiver();
    const server = await startServer(database.url(), "dev", {
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_POLL_MS: "100",
    });
    try {
      expect(server.output()).toContain("webhook dispatcher started");
      const provider = await createProvider(ADMIN, "Dev server");
      const eventType = "DELIVERY_CHANNEL_STATUS_UPDATED";
      await subscribe(providerActor(provider.id), {
        eventType,
        callbackUrl: `${receiver.url}/hooks`,
        auth: null,
      });
      await sendExampleEvent(providerActor(provider.id), eventType);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 30_000, interval: 200 });
      expect(receiver.received[0]).toMatchObject({ eventType, headersValid: true });
    } finally {
      await server.stop();
      await receiver.close();
    }
  }, 120_000);
});
