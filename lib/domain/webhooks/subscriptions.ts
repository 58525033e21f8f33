/**
 * Webhook subscriptions: at most one per provider and event type; subscribing again replaces the
 * callback and auth (and, with another secret, ends a rotation's grace period: the contract's replace). Secrets in `auth`
 * are sealed (AES-256-GCM) before they reach the database. An hmac secret can also be rotated with
 * overlap: the previous one keeps signing until its grace period ends.
 */

import { randomBytes } from "node:crypto";
import { webhookSettings } from "../../config";
import { isPrivateCallbackHost } from "../../contract/callback-address";
import { isoSeconds } from "../../contract/envelope-schema";
import type { RotatedSecret, RotateSecretInput } from "../../contract/forms/webhook-forms";
import type { SubscribeRequest, SubscriptionReceipt, WebhookAuth } from "../../contract/subscription";
import { say } from "../../contract/validation-messages";
import { seal, unseal } from "../../crypto";
import { db, isRecordNotFound } from "../../db";
import { notifyOutboxWritten } from "../../infrastructure/outbox-signal";
import { recordAudit } from "../audit";
import { conflict, invalid, notFound } from "../errors";
import { type Actor, authorizeProvider } from "../permissions";
import { recoverEvents } from "./delivery-log";

/** What an audit entry shows of a subscription: never its secrets, only the kind of auth. */
const shown = (subscription: { callbackUrl: string; authType: string | null } | null) =>
  subscription && { callbackUrl: subscription.callbackUrl, authType: subscription.authType };

type Subscribed = { id: string; callbackUrl: string; eventType: string };

function receipt(message: string, subscription: Subscribed): SubscriptionReceipt {
  return {
    message,
    subscriptionId: subscription.id,
    callbackUrl: subscription.callbackUrl,
    eventType: subscription.eventType,
    date: isoSeconds(new Date()),
  };
}

export async function subscribe(actor: Actor, request: SubscribeRequest): Promise<SubscriptionReceipt> {
  const providerId = authorizeProvider(actor, "provider.webhooks.manage");
  // A private address could never be called: refused now, not at every delivery (WEBHOOK_ALLOW_PRIVATE_URLS
  // allows it on a developer's machine, the demo's and the tests').
  if (!webhookSettings().allowPrivateAddresses && isPrivateCallbackHost(request.callbackUrl))
    throw invalid("callbackUrl", say("callbackUrlIsPrivate"));
  const auth = request.auth ?? null;
  const keepsRotation = await keepsCurrentSecret(providerId, request.eventType, auth);
  const data = {
    callbackUrl: request.callbackUrl,
    authType: auth?.type ?? null,
    authSealed: auth ? seal(JSON.stringify(auth)) : null,
    // A new subscription starts healthy, even one replacing a subscription that deliveries disabled.
    disabledAt: null,
    disabledNoticeAt: null,
    disabledReason: null,
    failingSince: null,
    failureStreak: 0,
    lastFailureAt: null,
    lastFailureReason: null,
    ...(keepsRotation ? {} : { previousAuthSealed: null, previousAuthUntil: null }),
  };
  const where = { providerId_eventType: { providerId, eventType: request.eventType } };
  const subscription = await db().$transaction(async (tx) => {
    const before = await tx.subscription.findUnique({ where, select: { callbackUrl: true, authType: true } });
    const after = await tx.subscription.upsert({
      where,
      create: { providerId, eventType: request.eventType, ...data },
      update: data,
    });
    await recordAudit(tx, actor, {
      action: "subscription.subscribed",
      subjectType: "Subscription",
      subjectId: after.id,
      // Whether the secret changed, never the secret itself.
      detail: { eventType: request.eventType, secretKept: keepsRotation },
      before: shown(before),
      after: shown(after),
    });
    return after;
  });
  return receipt("Webhook successfully subscribed", subscription);
}

/**
 * Whether a Subscribe keeps the hmac secret the subscription signs with now (a new callback URL, an
 * integration's setup run again): it replaces no secret, so a rotation's grace period goes on.
 */
async function keepsCurrentSecret(providerId: string, eventType: string, auth: WebhookAuth | null) {
  if (auth?.type !== "hmac") return false;
  const current = await db().subscription.findUnique({
    where: { providerId_eventType: { providerId, eventType } },
    select: { authSealed: true, previousAuthSealed: true },
  });
  if (!current?.authSealed || !current.previousAuthSealed) return false;
  const currentAuth = readSealedAuth(current.authSealed);
  return currentAuth.type === "hmac" && currentAuth.secret === auth.secret;
}

export async function unsubscribe(actor: Actor, eventType: string): Promise<SubscriptionReceipt> {
  const providerId = authorizeProvider(actor, "provider.webhooks.manage");
  const subscription = await db().$transaction(async (tx) => {
    // One delete by the unique key: a look-up first would race with a concurrent Subscribe.
    const deleted = await tx.subscription
      .delete({ where: { providerId_eventType: { providerId, eventType } } })
      .catch((error: unknown) => {
        if (isRecordNotFound(error)) throw notFound(say("noSubscriptionTo", { eventType }));
        throw error;
      });
    await recordAudit(tx, actor, {
      action: "subscription.unsubscribed",
      subjectType: "Subscription",
      subjectId: deleted.id,
      detail: { eventType },
      before: shown(deleted),
    });
    return deleted;
  });
  return receipt("Webhook successfully unsubscribed", subscription);
}

/** Sealed auth back as auth: only `subscribe` seals it, from an object the contract accepted. */
const readSealedAuth = (sealed: string) => JSON.parse(unseal(sealed)) as WebhookAuth;

/** The auth object of a subscription, unsealed: for the dispatcher only, never for display. */
export function subscriptionAuth(subscription: { authSealed: string | null }): WebhookAuth | null {
  return subscription.authSealed ? readSealedAuth(subscription.authSealed) : null;
}

/** The previous hmac secret while its grace period lasts: it signs too (lib/webhooks/signing.ts). */
export function previousSecret(
  subscription: { previousAuthSealed: string | null; previousAuthUntil: Date | null },
  now = new Date(),
): string | undefined {
  const { previousAuthSealed: sealed, previousAuthUntil: until } = subscription;
  if (!sealed || !until || until <= now) return undefined;
  const auth = readSealedAuth(sealed);
  return auth.type === "hmac" ? auth.secret : undefined;
}

/**
 * Replaces an hmac subscription's secret; with a grace period the current one signs too until it
 * ends (one previous secret at most: a rotation during a grace period drops the older one).
 * Written only if the auth is still the one read, so two rotations at once cannot lose a secret.
 */
export async function rotateHmacSecret(
  actor: Actor,
  { eventType, secret, graceHours }: RotateSecretInput,
  now = new Date(),
): Promise<RotatedSecret> {
  const providerId = authorizeProvider(actor, "provider.webhooks.manage");
  const subscription = await db().subscription.findUnique({
    where: { providerId_eventType: { providerId, eventType } },
    select: { id: true, authSealed: true },
  });
  if (!subscription) throw notFound(say("noSubscriptionTo", { eventType }));
  const current = subscription.authSealed ? readSealedAuth(subscription.authSealed) : null;
  if (current?.type !== "hmac") throw invalid("eventType", say("onlyHmacSubscriptionHasSecret"));
  // 32 random bytes in hex: 64 characters that survive any shell or config file (no leading "-").
  const next = secret || randomBytes(32).toString("hex");
  if (next === current.secret) throw invalid("secret", say("mustDifferFromCurrentSecret"));
  const until = graceHours > 0 ? new Date(now.getTime() + graceHours * 3_600_000) : null;
  await db().$transaction(async (tx) => {
    const { count } = await tx.subscription.updateMany({
      where: { id: subscription.id, authSealed: subscription.authSealed },
      data: {
        authSealed: seal(JSON.stringify({ type: "hmac", secret: next } satisfies WebhookAuth)),
        previousAuthSealed: until && subscription.authSealed,
        previousAuthUntil: until,
      },
    });
    if (count === 0) throw conflict(say("subscriptionChangedMeanwhile"));
    // That the secret changed and until when the old one signs: never either secret.
    await recordAudit(tx, actor, {
      action: "subscription.secret_rotated",
      subjectType: "Subscription",
      subjectId: subscription.id,
      detail: { eventType, generated: !secret },
      after: { previousAuthUntil: until },
    });
  });
  return { generatedSecret: secret ? null : next, previousValidUntil: until && isoSeconds(until) };
}

/**
 * Clears a disabled subscription's disabled state and failure streak, as subscribing again would but
 * without entering the secrets again; with `recoverSince`, in the same transaction, re-queues the
 * events it missed since then (events.ts, recoverEvents). How many were re-queued.
 */
export async function reenableSubscription(
  actor: Actor,
  eventType: string,
  recoverSince?: Date,
  now = new Date(),
): Promise<{ recovered: number }> {
  const providerId = authorizeProvider(actor, "provider.webhooks.manage");
  const recovered = await db().$transaction(async (tx) => {
    const disabled = await tx.subscription.findFirst({
      where: { providerId, eventType, disabledAt: { not: null } },
      select: { id: true, disabledAt: true, disabledReason: true },
    });
    const { count } = await tx.subscription.updateMany({
      where: { providerId, eventType, disabledAt: { not: null } },
      data: {
        disabledAt: null,
        disabledReason: null,
        disabledNoticeAt: null,
        failingSince: null,
        failureStreak: 0,
      },
    });
    if (count === 0 || !disabled) {
      const exists = await tx.subscription.count({ where: { providerId, eventType } });
      throw exists
        ? conflict(say("subscriptionNotDisabled"))
        : notFound(say("noSubscriptionTo", { eventType }));
    }
    const recovered = recoverSince ? await recoverEvents(tx, providerId, eventType, recoverSince, now) : 0;
    await recordAudit(tx, actor, {
      action: "subscription.reenabled",
      subjectType: "Subscription",
      subjectId: disabled.id,
      detail: { eventType, recoverSince: recoverSince ?? null, recovered },
      before: { disabledAt: disabled.disabledAt, disabledReason: disabled.disabledReason },
      after: { disabledAt: null, disabledReason: null },
    });
    return recovered;
  });
  if (recovered) notifyOutboxWritten();
  return { recovered };
}

export function listSubscriptions(actor: Actor) {
  const providerId = authorizeProvider(actor, "provider.read");
  return db().subscription.findMany({
    where: { providerId },
    orderBy: { eventType: "asc" },
    select: {
      id: true,
      eventType: true,
      callbackUrl: true,
      authType: true,
      disabledAt: true,
      disabledReason: true,
      failingSince: true,
      failureStreak: true,
      lastFailureAt: true,
      lastFailureReason: true,
      previousAuthUntil: true,
      createdAt: true,
      updatedAt: true,
    },
  });
}
