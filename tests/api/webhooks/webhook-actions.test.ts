/**
 * The webhooks page's new actions over HTTP, as a tampered page would call them, on the shared
 * server: rotate a secret, re-enable (with recovery) and send an example. Inputs outside the form's
 * schema get field errors, never a 500; each provider reaches only its own subscriptions.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { subscriptionAuth } from "@/lib/domain/webhooks";
import { signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { openTestDb } from "../../support/server/test-db";
import { CALLBACK, EVENT, newProvider, type Provider, subscribe } from "../../support/webhooks/subscriptions";

openTestDb();
const baseUrl = inject("baseUrl");

const action = (file: string, name: string) =>
  serverActions().find((candidate) => candidate.name === `${file}#${name}`) as ServerAction;
const rotate = () => action("app/(provider)/webhooks/subscription-actions.ts", "rotateSecretAction");
const reenable = () => action("app/(provider)/webhooks/subscription-actions.ts", "reenableAction");
const sendExample = () =>
  action("app/(provider)/webhooks/events/example-event-actions.ts", "sendExampleAction");

let mine: Provider;
let theirs: Provider;
const cookies = { mine: "", theirs: "" };
const subscriptionOf = (provider: Provider) =>
  db().subscription.findUniqueOrThrow({
    where: { providerId_eventType: { providerId: provider.id, eventType: EVENT } },
  });

beforeAll(async () => {
  [mine, theirs] = [await newProvider(), await newProvider()];
  cookies.mine = (await signedIn("provider", mine.id)).cookie;
  cookies.theirs = (await signedIn("provider", theirs.id)).cookie;
  const subscribed = await subscribe(mine, {
    eventType: EVENT,
    callbackUrl: CALLBACK,
    auth: { type: "hmac", secret: "the first secret" },
  });
  expect(subscribed.status).toBe(200);
});

describe("rotateSecretAction", () => {
  it.each([
    [{ eventType: EVENT, graceHours: 169 }, "graceHours"],
    [{ eventType: EVENT, graceHours: "24" }, "graceHours"],
    [{ eventType: EVENT, graceHours: 1.5 }, "graceHours"],
    [{ eventType: EVENT, graceHours: 24, secret: "x".repeat(513) }, "secret"],
    [{ eventType: EVENT, graceHours: 24, secret: 42 }, "secret"],
    [{ graceHours: 24 }, "eventType"],
  ])("refuses %j at its field", async (input, field) => {
    const result = await actionResult(baseUrl, rotate(), cookies.mine, [input]);
    expect(result.ok).toBe(false);
    expect(Object.keys(result.fieldErrors ?? {})).toContain(field);
  });

  it("generates a secret, answers it once and keeps the previous one for the grace period", async () => {
    const before = Date.now();
    const result = await actionResult(baseUrl, rotate(), cookies.mine, [
      { eventType: EVENT, graceHours: 24 },
    ]);
    expect(result.ok).toBe(true);
    const { generatedSecret, previousValidUntil } = result.data as Record<string, string>;
    const row = await subscriptionOf(mine);
    expect(subscriptionAuth(row)).toEqual({ type: "hmac", secret: generatedSecret });
    expect(subscriptionAuth({ authSealed: row.previousAuthSealed })).toEqual({
      type: "hmac",
      secret: "the first secret",
    });
    expect(Date.parse(previousValidUntil!)).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1_000);
  });

  it("reaches only the caller's own subscription", async () => {
    const sealed = (await subscriptionOf(mine)).authSealed;
    const result = await actionResult(baseUrl, rotate(), cookies.theirs, [
      { eventType: EVENT, graceHours: 0 },
    ]);
    expect(result).toMatchObject({ ok: false, error: `There is no subscription to ${EVENT}.` });
    expect((await subscriptionOf(mine)).authSealed).toBe(sealed);
  });
});

describe("reenableAction", () => {
  it("refuses what is not a UTC date and time, and what is too far back; then re-enables only the caller's", async () => {
    await db().subscription.update({
      where: { id: (await subscriptionOf(mine)).id },
      data: { disabledAt: new Date(), disabledReason: "The receiver answered 410 Gone" },
    });
    for (const recoverSince of ["yesterday", "2026-11-23T10:00:00+01:00", 1_700_000_000]) {
      const result = await actionResult(baseUrl, reenable(), cookies.mine, [
        { eventType: EVENT, recoverSince },
      ]);
      expect(result).toMatchObject({ ok: false, fieldErrors: { recoverSince: expect.any(String) } });
    }
    const tooFar = await actionResult(baseUrl, reenable(), cookies.mine, [
      { eventType: EVENT, recoverSince: "2020-01-01T00:00" },
    ]);
    expect(tooFar).toMatchObject({
      ok: false,
      fieldErrors: { recoverSince: "must be within the last 7 days" },
    });
    const foreign = await actionResult(baseUrl, reenable(), cookies.theirs, [{ eventType: EVENT }]);
    expect(foreign).toMatchObject({ ok: false, error: `There is no subscription to ${EVENT}.` });
    expect((await subscriptionOf(mine)).disabledAt).not.toBeNull();

    const since = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
    const result = await actionResult(baseUrl, reenable(), cookies.mine, [
      { eventType: EVENT, recoverSince: since },
    ]);
    expect(result).toEqual({ ok: true, data: { recovered: 0 } });
    expect((await subscriptionOf(mine)).disabledAt).toBeNull();
  });
});

describe("sendExampleAction", () => {
  it("queues the example, marked example-, for the caller's subscription only", async () => {
    const result = await actionResult(baseUrl, sendExample(), cookies.mine, [{ eventType: EVENT }]);
    expect(result.ok).toBe(true);
    const { eventId } = result.data as { eventId: string };
    expect(eventId).toMatch(/^example-/);
    // Not for sending: this server's callback URL is not a receiver.
    const event = await db().outboxEvent.update({ where: { id: eventId }, data: { state: "SKIPPED" } });
    expect(event).toMatchObject({ providerId: mine.id, eventType: EVENT });

    const foreign = await actionResult(baseUrl, sendExample(), cookies.theirs, [{ eventType: EVENT }]);
    expect(foreign).toMatchObject({ ok: false, error: `Subscribe to ${EVENT} first.` });
    const hostile = await actionResult(baseUrl, sendExample(), cookies.mine, [{ eventType: { $ne: 1 } }]);
    expect(hostile).toMatchObject({ ok: false, fieldErrors: { eventType: expect.any(String) } });
  });
});

describe("an action from a page of the other mode", () => {
  const unsubscribe = () => action("app/(provider)/webhooks/subscription-actions.ts", "unsubscribeAction");

  it("is refused, changing nothing: a stale test-mode tab cannot unsubscribe the live webhook", async () => {
    // The page was rendered in test mode; another tab has since switched the portal back to live.
    const live = `${cookies.mine}; portal_mode=live`;
    const stale = await actionResult(baseUrl, unsubscribe(), live, [{ eventType: EVENT }, "test"]);
    expect(stale.ok).toBe(false);
    expect(stale.error).toMatch(/switched to live data/);
    expect(await subscriptionOf(mine)).toBeTruthy();
    const tampered = await actionResult(baseUrl, unsubscribe(), live, [{ eventType: EVENT }, { mode: 1 }]);
    expect(tampered.ok).toBe(false);
    expect(await subscriptionOf(mine)).toBeTruthy();
  });

  it("the mode switch itself works from any page", async () => {
    const switchMode = action("app/(provider)/portal-mode-action.ts", "setPortalModeAction");
    const stale = await actionResult(baseUrl, switchMode, `${cookies.mine}; portal_mode=test`, [
      { mode: "live" },
      "live",
    ]);
    expect(stale).toMatchObject({ ok: true });
  });
});
