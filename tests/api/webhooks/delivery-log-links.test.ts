/**
 * Issue 30, finding 11 "Finding things", over real HTTP against the built server: each row of the
 * webhook delivery logs (portal and console) says which channel and delivery request its event
 * concerns, linked to their pages.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { requestRefund } from "@/lib/domain/payments";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { delivery as oneDelivery, sendThrough, servingChannel } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER } from "../../support/users/actors";

openTestDb();

let admin: PortalSession;
beforeAll(async () => {
  admin = await signedIn("admin");
});

/** The log's rows (one <li> per event) whose markup holds `text`. */
const rowsWith = (body: string, text: string) => body.split("<li").filter((row) => row.includes(text));

describe("the webhook delivery logs", () => {
  it("say which channel and delivery request each event concerns, linked to their pages", async () => {
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    const description = `Winter aid ${randomUUID().slice(0, 8)}`;
    const sent = await sendThrough(setup, description, [oneDelivery(10)]);
    const { id: deliveryId } = await db().delivery.findFirstOrThrow({
      where: { deliveryRequestId: sent.deliveryRequestId },
    });
    await requestRefund(MANAGER, deliveryId, "Paid twice");
    const events = await db().outboxEvent.findMany({ where: { providerId: setup.providerId } });
    expect(events.map((event) => event.eventType).sort()).toEqual([
      "DELIVERY_CHANNEL_STATUS_UPDATED",
      "DELIVERY_REFUND_REQUESTED",
      "DELIVERY_REQUEST_SENT",
    ]);
    const channelHref = `/channels/${setup.providerDeliveryChannelId}`;

    const owner = await signedIn("provider", setup.providerId);
    const portal = await owner.get("/webhooks/deliveries");
    expect(portal.status).toBe(200);
    for (const event of events) {
      const [row] = rowsWith(portal.body, event.id);
      expect(row, event.eventType).toBeDefined();
      // Every event names the channel ("Cash", the setup's name), linked to the portal's page of it.
      expect(row, event.eventType).toMatch(new RegExp(`<a[^>]*href="${channelHref}"[^>]*>Cash</a>`));
      if (event.eventType !== "DELIVERY_CHANNEL_STATUS_UPDATED") {
        expect(row, event.eventType).toContain(description);
        expect(row, event.eventType).toContain(sent.deliveryRequestId);
      } else expect(row).not.toContain(description);
    }

    const consolePage = await admin.get("/admin/deliveries");
    expect(consolePage.status).toBe(200);
    const requestHref = `/admin/programs/${setup.programId}/requests/${sent.deliveryRequestId}`;
    for (const event of events) {
      const [row] = rowsWith(consolePage.body, event.id);
      expect(row, event.eventType).toBeDefined();
      expect(row, event.eventType).toMatch(
        new RegExp(`<a[^>]*href="/admin/channels/${setup.channelId}"[^>]*>Cash</a>`),
      );
      if (event.eventType !== "DELIVERY_CHANNEL_STATUS_UPDATED")
        expect(row, event.eventType).toMatch(
          new RegExp(`<a[^>]*href="${requestHref}"[^>]*>${description}</a>`),
        );
    }
  });
});
