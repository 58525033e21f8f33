/**
 * Webhook delivery to real HTTP receivers (see tests/support/webhooks/webhook-harness.ts): each auth type
 * sends exactly its headers. Retries and what stops deliveries are in webhooks-retries.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { WebhookAuth } from "@/lib/contract/subscription";
import { USER_AGENT } from "@/lib/webhooks/signing";
import { verifyStandardWebhook, verifyXSignature } from "../../../scripts/webhook-receiver/receiver";
import {
  at,
  eventRow,
  openWebhookHarness,
  queueEvent,
  receiver,
  run,
  subscribeTo,
} from "../../support/webhooks/webhook-harness";

openWebhookHarness();

describe("each auth type sends exactly its headers", () => {
  const common = (eventId: string, headers: Record<string, unknown>) => {
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toBe(USER_AGENT);
    expect(headers["webhook-id"]).toBe(eventId);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
  };

  /** The headers of the one callback for a new event to a receiver subscribed with `auth`. */
  const headersSentWith = async (auth: WebhookAuth | null) => {
    const target = await receiver();
    await subscribeTo(target.url, auth);
    const event = await queueEvent();
    await run(at(0));
    const headers = target.received[0]!.headers;
    common(event.id, headers);
    return headers;
  };

  it("hmac: x-signature over the raw body and a Standard Webhooks signature, both verifiable", async () => {
    const secret = "s3cret-of-the-provider";
    const target = await receiver({ secret });
    await subscribeTo(`${target.url}/hooks`, { type: "hmac", secret });
    const event = await queueEvent();
    await run(at(0));

    const [callback] = target.received;
    expect(callback!.rawBody).toBe(event.payload);
    common(event.id, callback!.headers);
    expect(verifyXSignature(secret, callback!.rawBody, callback!.headers["x-signature"] as string)).toBe(
      true,
    );
    expect(verifyStandardWebhook(secret, callback!.rawBody, callback!.headers)).toBe(true);
    expect(
      verifyXSignature("another secret", callback!.rawBody, callback!.headers["x-signature"] as string),
    ).toBe(false);
    expect(callback!.headers.authorization).toBeUndefined();

    const row = await eventRow(event.id);
    expect(row).toMatchObject({ state: "DELIVERED", attempts: 1 });
    expect(row.deliveryAttempts).toEqual([
      expect.objectContaining({
        httpStatus: 200,
        responseSnippet: expect.stringContaining("Callback successfully received"),
      }),
    ]);
  });

  it("header: the configured header and value, no signatures", async () => {
    const headers = await headersSentWith({
      type: "header",
      headerName: "X-Api-Token",
      headerValue: "token-123",
    });
    expect(headers["x-api-token"]).toBe("token-123");
    expect(headers["x-signature"]).toBeUndefined();
    expect(headers["webhook-signature"]).toBeUndefined();
  });

  it("basic: Authorization Basic base64(username:password)", async () => {
    const headers = await headersSentWith({ type: "basic", username: "acme", password: "pa:ss" });
    expect(headers.authorization).toBe(`Basic ${Buffer.from("acme:pa:ss").toString("base64")}`);
  });

  it("none: no authentication header at all", async () => {
    const headers = await headersSentWith(null);
    for (const name of ["authorization", "x-signature", "webhook-signature"])
      expect(headers[name]).toBeUndefined();
  });
});
