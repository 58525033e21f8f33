/**
 * The delivery log's pages after large sends, over real HTTP: a send of 10,000 deliveries queues an
 * event of over a megabyte, and a page listing a few of them used to render every payload whole
 * (bench:scale ran the server out of heap). The pages and the platform API's list show the start of
 * each payload and its length; the platform API answers one event whole.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eventBody, PAYLOAD_PREVIEW_CHARS, payloadPreviewOf } from "@/lib/domain/webhooks";
import { MAX_DELIVERIES } from "../../../lib/contract/delivery-limits";
import { db } from "../../../lib/db";
import { signedIn } from "../../support/http/portal-session";
import { delivery, sendThrough, servingChannel } from "../../support/money/money-setup";
import { dataOf, platform, platformUser } from "../../support/platform/platform-api";
import { migrationFill } from "../../support/server/migration-fill";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
const SENDS = 3;
let providerId: string;
let payloadBytes: number;

beforeAll(async () => {
  const setup = await servingChannel(undefined, "EUR", 1e9);
  providerId = setup.providerId;
  for (let n = 0; n < SENDS; n++)
    await sendThrough(
      setup,
      `Large send ${n}`,
      Array.from({ length: MAX_DELIVERIES }, () => delivery(1)),
    );
  const events = await db().outboxEvent.findMany({
    where: { providerId, eventType: "DELIVERY_REQUEST_SENT" },
    select: { payload: true, deliveriesOf: true },
  });
  expect(events).toHaveLength(SENDS);
  // What the dispatcher sends: the stored payload with the send's deliveries filled in.
  payloadBytes = Buffer.byteLength(await eventBody(events[0]!));
  expect(payloadBytes).toBeGreaterThan(1_000_000);
}, 120_000);

/** The page's HTML holds each event's payload start and says how long the payload is. */
function expectPreviews(html: string) {
  expect(html.length).toBeLessThan(SENDS * PAYLOAD_PREVIEW_CHARS * 4 + 200_000);
  const said = `The first ${PAYLOAD_PREVIEW_CHARS.toLocaleString("en-US")} characters of ${payloadBytes.toLocaleString("en-US")} bytes.`;
  // Once per event in the HTML (React's payload for the client repeats it).
  expect(html.split(said).length - 1).toBeGreaterThanOrEqual(SENDS);
  expect(html).toContain("DELIVERY_REQUEST_SENT");
}

describe("the delivery log after sends of 10,000 deliveries", () => {
  it("shows the provider the start and the length of each payload", async () => {
    const page = await (await signedIn("provider", providerId)).get("/webhooks/deliveries");
    expect(page.status).toBe(200);
    expectPreviews(page.body);
  });

  it("shows administrators the same in the console", async () => {
    const page = await (await signedIn("admin")).get(`/admin/deliveries?outcome=PENDING`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("DELIVERY_REQUEST_SENT");
    expect(page.body.length).toBeLessThan(20 * PAYLOAD_PREVIEW_CHARS * 4 + 400_000);
  });

  it("answers the platform API's list with each payload's start, and one event with its whole payload", async () => {
    const auditor = await platformUser(["auditor"]);
    const list = dataOf(
      await platform("/webhook-events?eventType=DELIVERY_REQUEST_SENT", { token: auditor.token }),
    );
    const ours = list.items.filter((event: { providerId: string }) => event.providerId === providerId);
    expect(ours).toHaveLength(SENDS);
    for (const event of ours) {
      expect(event.payload).toBeUndefined();
      expect(event.payloadPreview).toHaveLength(PAYLOAD_PREVIEW_CHARS);
      expect(event.payloadBytes).toBe(payloadBytes);
      expect(event.payloadTruncated).toBe(true);
      const one = dataOf(await platform(`/webhook-events/${event.id}`, { token: auditor.token }));
      const stored = await db().outboxEvent.findUniqueOrThrow({ where: { id: event.id } });
      // An auditor sees beneficiaries' values masked, in the whole payload as in its preview.
      expect(one.payload).toBe(await eventBody(stored, "masked"));
      expect(one.payload.startsWith(event.payloadPreview)).toBe(true);
      expect(one.deliveryAttempts).toEqual([]);
    }
    const unknown = await platform("/webhook-events/nope", { token: auditor.token });
    expect(unknown.status).toBe(404);
  });

  it("answers a payload under the preview's length whole, with its size in bytes", async () => {
    const auditor = await platformUser(["auditor"]);
    const events = dataOf(await platform("/webhook-events", { token: auditor.token })).items;
    const whole = events.filter((event: { payloadTruncated: boolean }) => !event.payloadTruncated);
    expect(whole.length).toBeGreaterThan(0);
    for (const event of whole) {
      const stored = await db().outboxEvent.findUniqueOrThrow({ where: { id: event.id } });
      // The preview is the payload as a masked view shows it (beneficiaries' ids and values); its size
      // is that of what the provider receives.
      expect(event.payloadPreview).toBe(await eventBody(stored, "masked"));
      expect(event.payloadBytes).toBe(Buffer.byteLength(await eventBody(stored)));
    }
  });

  it("stores each event's preview with it, as the migration fills it in for older events", async () => {
    const sent = await db().outboxEvent.findMany({
      where: { providerId },
      select: { id: true, payload: true },
    });
    await db().outboxEvent.updateMany({ where: { providerId }, data: { payloadPreview: "" } });
    await db().$executeRawUnsafe(migrationFill("20261124140000_event_payload_preview"));
    for (const { id, payload } of sent) {
      const { payloadPreview } = await db().outboxEvent.findUniqueOrThrow({ where: { id } });
      expect(payloadPreview).toBe(payloadPreviewOf(payload));
    }
  });

  it("never cuts a preview inside a character written as two UTF-16 units", () => {
    const emoji = "\u{1F3E6}";
    expect(payloadPreviewOf(`${"a".repeat(PAYLOAD_PREVIEW_CHARS - 1)}${emoji}`)).toBe(
      "a".repeat(PAYLOAD_PREVIEW_CHARS - 1),
    );
    expect(payloadPreviewOf(`${"a".repeat(PAYLOAD_PREVIEW_CHARS - 2)}${emoji}`)).toHaveLength(
      PAYLOAD_PREVIEW_CHARS,
    );
  });
});
