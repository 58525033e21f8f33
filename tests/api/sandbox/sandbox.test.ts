/**
 * Test mode end to end over real HTTP: a production server of its own with its workers (the
 * dispatcher and the sandbox decider) and real webhook receivers. With a test key a provider creates
 * a channel, receives the automatic approval, has a delivery request sent, reports outcomes and
 * receives a refund request, with no administrator; the REJECT path; live and test data apart.
 */

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedCallback, startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import {
  type HostileRequest,
  hostileValue,
  sandboxBodies,
  sendHostile,
} from "../../support/contract/hostile-inputs";
import { expectFailure } from "../../support/http/envelope";
import { signedIn } from "../../support/http/portal-session";
import { ownServer } from "../../support/server/own-server";
import { ADMIN } from "../../support/users/actors";

const own = ownServer({
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  WEBHOOK_POLL_MS: "100",
  SANDBOX_DECISION_DELAY_SECONDS: "1",
});
const EVENTS = ["DELIVERY_CHANNEL_STATUS_UPDATED", "DELIVERY_REQUEST_SENT", "DELIVERY_REFUND_REQUESTED"];
const SECRET = "sandbox-secret";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let liveKey: string;
let testKey: string;
let providerId: string;

async function call(path: string, key: string, body?: unknown) {
  const response = await fetch(`${own.server().baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is checked field by field
  return { status: response.status, response, json: (await response.json()) as any };
}

/** The first callback that satisfies `match`, waited for without a deadline of our own (the test's timeout is it). */
async function callback(match: (payload: Record<string, unknown>) => boolean): Promise<ReceivedCallback> {
  for (;;) {
    const found = receiver.received.find((received) => match(JSON.parse(received.rawBody)));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const channelBody = (id: string, name: string) => ({
  ...minimalChannelBody(id),
  name: { language: "EN", translation: name },
  availability: { categoriesSupported: ["CASH"], currenciesSupported: ["EUR"] },
  deliveryOptions: [
    {
      fieldLabel: "Mobile phone number",
      fieldName: "phoneNumber",
      fieldMinLength: 8,
      fieldMaxLength: 16,
      dataType: "STRING",
      validationRegex: "^\\+?[0-9]{8,15}$",
      isRequired: true,
    },
  ],
});

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  const { issueApiKey } = await import("../../../lib/domain/keys");
  const { createProvider } = await import("../../../lib/domain/providers");
  const { sandboxOf } = await import("../../../lib/domain/sandbox");
  const provider = await createProvider(ADMIN, "Sandbox Payouts");
  providerId = provider.id;
  liveKey = (await issueApiKey(ADMIN, provider.id)).key;
  testKey = (await issueApiKey(ADMIN, await sandboxOf(provider.id))).key;
  receiver = await startWebhookReceiver({ secret: SECRET });
  for (const eventType of EVENTS) {
    const subscribed = await call("/api/Event/Subscribe", testKey, {
      eventType,
      callbackUrl: `${receiver.url}/${eventType}`,
      auth: { type: "hmac", secret: SECRET },
    });
    expect(subscribed.json.status).toBe("success");
  }
});

afterAll(async () => {
  await receiver?.close();
  await (await import("../../../lib/db")).disconnectDb();
});

describe("a whole integration with a test key, without an administrator", () => {
  it("create, automatic approval, delivery request, sync, refund", { timeout: 60_000 }, async () => {
    expect(testKey.startsWith("dcp_test_")).toBe(true);
    const created = await call("/api/DeliveryChannel/Create", testKey, channelBody("sbx-1", "Cash pickup"));
    expect(created.json.status).toBe("success");

    const approval = await callback(
      (payload) => payload.providerDeliveryChannelId === "sbx-1" && "status" in payload,
    );
    expect(approval.verified).toEqual({ xSignature: true, standardWebhooks: true });
    expect(JSON.parse(approval.rawBody)).toMatchObject({ status: "Approved", message: "" });
    const view = await call("/api/DeliveryChannel/Get/sbx-1", testKey);
    expect(view.json.data).toMatchObject({ isApproved: true, status: "ONLINE" });

    const sent = await call("/api/Sandbox/DeliveryRequest", testKey, {
      providerDeliveryChannelId: "sbx-1",
      deliveries: 2,
    });
    expect(sent.status).toBe(200);
    expect(sent.json.data).toMatchObject({ message: "Test delivery request sent" });
    const { deliveryRequestId, deliveryIds } = sent.json.data as {
      deliveryRequestId: string;
      deliveryIds: string[];
    };
    expect(deliveryIds).toHaveLength(2);
    const request = JSON.parse(
      (await callback((payload) => payload.deliveryRequestId === deliveryRequestId)).rawBody,
    );
    expect(request.providerDeliveryChannelId).toBe("sbx-1");
    expect(request.delivery.map((delivery: { deliveryId: string }) => delivery.deliveryId).sort()).toEqual(
      [...deliveryIds].sort(),
    );
    for (const delivery of request.delivery) {
      expect(delivery).toMatchObject({ amount: 10, currency: "EUR" });
      expect(delivery.deliveryOptions[0].value).toMatch(/^\+?[0-9]{8,15}$/);
    }

    const [first, second] = deliveryIds as [string, string];
    const synced = await call("/api/DeliveryRequest/Sync", testKey, {
      deliveryRequestId,
      status: "APPROVED",
    });
    expect(synced.json.status).toBe("success");
    const delivered = await call("/api/Delivery/Sync", testKey, {
      deliveryList: [{ deliveryId: first, status: "DELIVERED" }],
    });
    expect(delivered.json.status).toBe("success");

    const refund = await call("/api/Sandbox/RefundRequest", testKey, { deliveryId: second });
    expect(refund.json.data).toMatchObject({ message: "Test refund requested", deliveryId: second });
    const refundEvent = await callback((payload) => payload.deliveryId === second);
    expect(JSON.parse(refundEvent.rawBody)).toEqual({ deliveryId: second });
    const reverted = await call("/api/Delivery/Sync", testKey, {
      deliveryList: [{ deliveryId: second, status: "DELIVERY_REVERTED" }],
    });
    expect(reverted.json.status).toBe("success");
    expectFailure(
      await call("/api/Sandbox/RefundRequest", testKey, { deliveryId: second }),
      409,
      "Conflict",
      "Conflict",
    );
  });

  it("a name containing REJECT is rejected, with the documented reason, and receives no deliveries", {
    timeout: 60_000,
  }, async () => {
    await call("/api/DeliveryChannel/Create", testKey, channelBody("sbx-reject", "Please reject me"));
    const rejection = await callback((payload) => payload.providerDeliveryChannelId === "sbx-reject");
    expect(JSON.parse(rejection.rawBody)).toMatchObject({
      status: "Rejected",
      message: "Rejected in test mode: the name contains REJECT",
      requestType: "Delivery Channel Create",
    });
    const view = await call("/api/DeliveryChannel/Get/sbx-reject", testKey);
    expect(view.json.data).toMatchObject({ isApproved: false, status: "REQUESTED" });
    expectFailure(
      await call("/api/Sandbox/DeliveryRequest", testKey, { providerDeliveryChannelId: "sbx-reject" }),
      400,
      "ValidationError",
      "Invalid Request Body",
      /not approved and ONLINE/,
    );
  });
});

describe("live and test data apart", () => {
  it("a live key does not see test channels, nor a test key live ones (404)", async () => {
    await call("/api/DeliveryChannel/Create", liveKey, channelBody("live-only", "Live pickup"));
    await call("/api/DeliveryChannel/Create", testKey, channelBody("test-only", "Test pickup"));
    expectFailure(await call("/api/DeliveryChannel/Get/test-only", liveKey), 404, "NotFound", "Not Found");
    expectFailure(await call("/api/DeliveryChannel/Get/live-only", testKey), 404, "NotFound", "Not Found");
    // One id, two channels: each key's own.
    expect(
      (await call("/api/DeliveryChannel/Create", liveKey, channelBody("test-only", "Live twin"))).json.status,
    ).toBe("success");
  });

  it("a live key on the sandbox operations gets 403 in the envelope", async () => {
    const message = "The sandbox operations need a test-mode API key (dcp_test_…); this key is live.";
    for (const [path, body] of [
      ["/api/Sandbox/DeliveryRequest", { providerDeliveryChannelId: "live-only" }],
      ["/api/Sandbox/RefundRequest", { deliveryId: "0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e11" }],
    ] as const) {
      expectFailure({ ...(await call(path, liveKey, body)) }, 403, "Forbidden", "Forbidden", message);
    }
  });

  it("unknown test channels and deliveries are 404, a live delivery id too", async () => {
    expectFailure(
      await call("/api/Sandbox/DeliveryRequest", testKey, { providerDeliveryChannelId: "nope" }),
      404,
      "NotFound",
      "Not Found",
    );
    expectFailure(
      await call("/api/Sandbox/RefundRequest", testKey, {
        deliveryId: "0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e11",
      }),
      404,
      "NotFound",
      "Not Found",
    );
  });
});

describe("the portal's test mode", () => {
  it("shows the organisation's sandbox to each of its users, and no other organisation's", async () => {
    const get = async (cookie: string, path: string) => {
      const page = await fetch(`${own.server().baseUrl}${path}`, { headers: { cookie }, redirect: "manual" });
      return { status: page.status, body: await page.text() };
    };
    const first = (await signedIn("provider", providerId, own.server().baseUrl)).cookie;
    const second = (await signedIn("provider", providerId, own.server().baseUrl)).cookie;
    const { createProvider } = await import("../../../lib/domain/providers");
    const stranger = (
      await signedIn("provider", (await createProvider(ADMIN, "Other Payouts")).id, own.server().baseUrl)
    ).cookie;
    const TEST = "; portal_mode=test";

    const live = await get(first, "/channels");
    expect(live.body).toContain("live-only");
    expect(live.body).not.toContain("sbx-reject");
    expect(live.body).not.toContain('aria-label="Test mode"');
    for (const cookie of [first, second]) {
      const test = await get(cookie + TEST, "/channels");
      expect(test.body).toContain('aria-label="Test mode"');
      expect(test.body).toContain("sbx-reject");
      expect(test.body).not.toContain("live-only");
      expect((await get(cookie + TEST, "/channels/sbx-1")).status).toBe(200);
    }
    const other = await get(stranger + TEST, "/channels");
    expect(other.body).toContain('aria-label="Test mode"');
    expect(other.body).not.toContain("sbx-reject");
    expect((await get(stranger + TEST, "/channels/sbx-1")).status).toBe(404);
  });
});

describe("hostile inputs on the sandbox operations", () => {
  it("bad bodies get a 400 naming the field", async () => {
    for (const body of [
      { providerDeliveryChannelId: "sbx-1", deliveries: 0 },
      { providerDeliveryChannelId: "sbx-1", deliveries: 101 },
      { providerDeliveryChannelId: "sbx-1", deliveries: 1.5 },
      { providerDeliveryChannelId: "sbx-1", deliveries: "3" },
      { providerDeliveryChannelId: "../x" },
      { providerDeliveryChannelId: "sbx-1", extra: true },
    ]) {
      expectFailure(
        await call("/api/Sandbox/DeliveryRequest", testKey, body),
        400,
        "ValidationError",
        "Invalid Request Body",
      );
    }
    expectFailure(
      await call("/api/Sandbox/RefundRequest", testKey, { deliveryId: "" }),
      400,
      "ValidationError",
      "Invalid Request Body",
    );
  });

  it("generated hostile bodies with a test key: none answered ≥ 500 or outside the envelope", {
    timeout: 120_000,
  }, async () => {
    const request: fc.Arbitrary<HostileRequest> = fc.record({
      method: fc.constant("POST"),
      path: fc.constantFrom("/api/Sandbox/DeliveryRequest", "/api/Sandbox/RefundRequest"),
      contentType: fc.constant("application/json"),
      body: fc.oneof(...sandboxBodies(), hostileValue).map((body) => JSON.stringify(body) ?? "null"),
    });
    await fc.assert(
      fc.asyncProperty(request, async (hostile) => {
        expect(await sendHostile(own.server().baseUrl, testKey, hostile)).toBeUndefined();
      }),
      { numRuns: 300, endOnFailure: true },
    );
  });
});
