/**
 * hmac secret rotation with overlap, to real receivers (tests/support/webhooks/webhook-harness.ts): during the
 * grace period webhook-signature carries the new and the previous secret's signatures and the real
 * `standardwebhooks` verifier accepts either secret; x-signature is the new secret's only; after the
 * grace period, or after subscribing again, only the new secret signs.
 */

import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { callbackHeadersSchema } from "@/lib/contract/webhook-payloads";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/domain/errors";
import { createProvider } from "@/lib/domain/providers";
import { rotateHmacSecret, subscribe } from "@/lib/domain/webhooks";
import { verifyXSignature } from "../../../scripts/webhook-receiver/receiver";
import { ADMIN, providerActor } from "../../support/users/actors";
import {
  at,
  EVENT_TYPE,
  openWebhookHarness,
  providerId,
  queueEvent,
  receiver,
  run,
  subscribeTo,
} from "../../support/webhooks/webhook-harness";

openWebhookHarness();

const HOUR = 3_600_000;

/** The real library, as a receiver holding `secret` verifies (it throws when no signature matches). */
function standardVerifies(secret: string, callback: { rawBody: string; headers: Record<string, unknown> }) {
  try {
    new Webhook(new TextEncoder().encode(secret), { format: "raw" }).verify(callback.rawBody, {
      "webhook-id": String(callback.headers["webhook-id"]),
      "webhook-timestamp": String(callback.headers["webhook-timestamp"]),
      "webhook-signature": String(callback.headers["webhook-signature"]),
    });
    return true;
  } catch {
    return false;
  }
}

/** Subscribes with `oldSecret`, lets `change` rotate, and answers the one callback that follows. */
async function callbackAfter(oldSecret: string, change: () => Promise<unknown>) {
  const target = await receiver();
  await subscribeTo(target.url, { type: "hmac", secret: oldSecret });
  await change();
  await queueEvent();
  await run(at(0));
  expect(target.received).toHaveLength(1);
  return target.received[0]!;
}

describe("during the grace period", () => {
  it("webhook-signature carries both signatures: a receiver holding either secret verifies", async () => {
    const [oldSecret, newSecret] = [`old-${randomUUID()}`, `new-${randomUUID()}`];
    const rotated = await callbackAfter(oldSecret, () =>
      rotateHmacSecret(providerActor(providerId), {
        eventType: EVENT_TYPE,
        secret: newSecret,
        graceHours: 24,
      }),
    );
    const signatures = String(rotated.headers["webhook-signature"]).split(" ");
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith("v1,"))).toBe(true);
    expect(standardVerifies(oldSecret, rotated)).toBe(true);
    expect(standardVerifies(newSecret, rotated)).toBe(true);
    expect(standardVerifies("a third secret", rotated)).toBe(false);
    // x-signature: the new secret's only.
    expect(verifyXSignature(newSecret, rotated.rawBody, rotated.headers["x-signature"] as string)).toBe(true);
    expect(verifyXSignature(oldSecret, rotated.rawBody, rotated.headers["x-signature"] as string)).toBe(
      false,
    );
    expect(callbackHeadersSchema.safeParse(rotated.headers).error).toBeUndefined();
  });

  it("a generated secret is answered once and signs; the answer says when the previous one stops", async () => {
    const oldSecret = `old-${randomUUID()}`;
    let answer: Awaited<ReturnType<typeof rotateHmacSecret>> | undefined;
    const now = new Date();
    const rotated = await callbackAfter(oldSecret, async () => {
      answer = await rotateHmacSecret(
        providerActor(providerId),
        { eventType: EVENT_TYPE, graceHours: 1 },
        now,
      );
    });
    expect(answer!.generatedSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(answer!.previousValidUntil).toBe(`${new Date(now.getTime() + HOUR).toISOString().slice(0, 19)}Z`);
    expect(standardVerifies(answer!.generatedSecret!, rotated)).toBe(true);
    expect(standardVerifies(oldSecret, rotated)).toBe(true);
  });
});

describe("only the new secret signs", () => {
  it("once the grace period is over", async () => {
    const [oldSecret, newSecret] = [`old-${randomUUID()}`, `new-${randomUUID()}`];
    // Rotated two hours ago with one hour of grace.
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    const rotated = await callbackAfter(oldSecret, () =>
      rotateHmacSecret(
        providerActor(providerId),
        { eventType: EVENT_TYPE, secret: newSecret, graceHours: 1 },
        twoHoursAgo,
      ),
    );
    expect(String(rotated.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(standardVerifies(newSecret, rotated)).toBe(true);
    expect(standardVerifies(oldSecret, rotated)).toBe(false);
    // Kept only while the period lasts (docs/webhooks.md "Rotating an hmac secret"): the delivery after it forgets the sealed secret.
    const row = await db().subscription.findUniqueOrThrow({
      where: { providerId_eventType: { providerId, eventType: EVENT_TYPE } },
    });
    expect(row).toMatchObject({ previousAuthSealed: null, previousAuthUntil: null });
  });

  it("with no grace period", async () => {
    const [oldSecret, newSecret] = [`old-${randomUUID()}`, `new-${randomUUID()}`];
    const rotated = await callbackAfter(oldSecret, () =>
      rotateHmacSecret(providerActor(providerId), {
        eventType: EVENT_TYPE,
        secret: newSecret,
        graceHours: 0,
      }),
    );
    expect(standardVerifies(newSecret, rotated)).toBe(true);
    expect(standardVerifies(oldSecret, rotated)).toBe(false);
  });

  it("after subscribing again with a new secret: the contract's replace ends the grace period", async () => {
    const [oldSecret, rotatedSecret, replaced] = ["old", "rotated", "replaced"].map(
      (s) => `${s}-${randomUUID()}`,
    );
    const target = await receiver();
    await subscribeTo(target.url, { type: "hmac", secret: oldSecret! });
    await rotateHmacSecret(providerActor(providerId), {
      eventType: EVENT_TYPE,
      secret: rotatedSecret!,
      graceHours: 24,
    });
    await subscribeTo(target.url, { type: "hmac", secret: replaced! });
    await queueEvent();
    await run(at(0));
    const [callback] = target.received;
    expect(String(callback!.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(standardVerifies(replaced!, callback!)).toBe(true);
    expect(standardVerifies(rotatedSecret!, callback!)).toBe(false);
    expect(standardVerifies(oldSecret!, callback!)).toBe(false);
  });
});

describe("subscribing again with the current secret", () => {
  it("(a new callback URL, or a setup script run again) replaces no secret, so the grace period goes on", async () => {
    const [oldSecret, newSecret] = [`old-${randomUUID()}`, `new-${randomUUID()}`];
    const first = await receiver();
    await subscribeTo(first.url, { type: "hmac", secret: oldSecret });
    await rotateHmacSecret(providerActor(providerId), {
      eventType: EVENT_TYPE,
      secret: newSecret,
      graceHours: 24,
    });
    const moved = await receiver();
    await subscribeTo(moved.url, { type: "hmac", secret: newSecret });
    await queueEvent();
    await run(at(0));
    const [callback] = moved.received;
    expect(String(callback!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(standardVerifies(oldSecret, callback!)).toBe(true);
    expect(standardVerifies(newSecret, callback!)).toBe(true);
  });
});

describe("what a rotation refuses", () => {
  it("no subscription, no hmac auth, the current secret again; another provider's subscription is not found", async () => {
    const other = (await createProvider(ADMIN, `Other ${randomUUID()}`)).id;
    await subscribe(providerActor(other), {
      eventType: "DELIVERY_REQUEST_SENT",
      callbackUrl: "https://hooks.example.org/x",
      auth: { type: "hmac", secret: "theirs" },
    });
    const rotate = (secret?: string) =>
      rotateHmacSecret(providerActor(providerId), {
        eventType: "DELIVERY_REQUEST_SENT",
        secret,
        graceHours: 1,
      });
    await expect(rotate()).rejects.toThrow("There is no subscription to DELIVERY_REQUEST_SENT.");
    await subscribeTo("https://hooks.example.org/plain", { type: "basic", username: "u", password: "p" });
    await expect(
      rotateHmacSecret(providerActor(providerId), { eventType: EVENT_TYPE, graceHours: 1 }),
    ).rejects.toThrow("Only an hmac subscription has a secret to rotate.");
    await subscribeTo("https://hooks.example.org/plain", { type: "hmac", secret: "same" });
    const same = rotateHmacSecret(providerActor(providerId), {
      eventType: EVENT_TYPE,
      secret: "same",
      graceHours: 1,
    });
    await expect(same).rejects.toBeInstanceOf(DomainError);
    await expect(same).rejects.toThrow("must differ from the current secret");
  });
});
