/**
 * Issue 13: the notifications found by looking (lib/domain/notifications/sweeps.ts). Each tells once,
 * however many workers look at the same time: a key about to expire, a webhook endpoint disabled
 * (again after each re-enable), and the reviewers' digest of the requests that arrived in its window.
 * Its own database: a sweep reads every key, endpoint and request there is.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { requestChannelCreate } from "@/lib/domain/channels/request-changes";
import { issueApiKey, rollApiKey } from "@/lib/domain/keys";
import { sendReviewDigest, tellDisabledEndpoints, warnExpiringKeys } from "@/lib/domain/notifications";
import { createProvider } from "@/lib/domain/providers";
import { reenableSubscription } from "@/lib/domain/webhooks";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN, providerActor } from "../../support/users/actors";
import { newUser } from "../../support/users/users";

const database = openOwnDatabase();
const DAY = 86_400_000;
const HOUR = 3_600_000;

const mailTo = (address: string, kind: string) =>
  database.db().mailMessage.findMany({ where: { toAddress: address, kind }, orderBy: { id: "asc" } });

async function organisation() {
  const provider = await createProvider(ADMIN, `Sweep provider ${randomUUID()}`);
  const [owner, editor] = await Promise.all([
    newUser(["owner"], provider.id),
    newUser(["editor"], provider.id),
  ]);
  return { providerId: provider.id, owner, editor };
}

describe("a key about to expire", () => {
  it("is told to the provider's owners once, whatever the number of workers; others keys are not", async () => {
    const org = await organisation();
    const now = new Date();
    await issueApiKey(ADMIN, org.providerId, "Payroll sync", {
      expiresAt: new Date(now.getTime() + 3 * DAY),
    });
    await issueApiKey(ADMIN, org.providerId, "Later", { expiresAt: new Date(now.getTime() + 10 * DAY) });
    const revoked = await issueApiKey(ADMIN, org.providerId, "Revoked", {
      expiresAt: new Date(now.getTime() + DAY),
    });
    await database.db().apiKey.update({ where: { id: revoked.record.id }, data: { revokedAt: now } });

    const runs = await Promise.all([warnExpiringKeys(now), warnExpiringKeys(now), warnExpiringKeys(now)]);
    expect(runs.reduce((sum, told) => sum + told, 0)).toBe(1);
    const [mail, ...more] = await mailTo(org.owner.email, "key_expiring");
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Your API key "Payroll sync" \(.+…\) expires within a week$/);
    expect(mail!.body).toContain("/keys");
    expect(await mailTo(org.editor.email, "key_expiring")).toEqual([]);
    expect(await warnExpiringKeys(new Date(now.getTime() + 4 * DAY))).toBe(1); // "Later" is now due
  });
});

describe("a rolled key", () => {
  it("is not told as expiring: its owners rolled it, and its successor works on", async () => {
    const org = await organisation();
    const now = new Date();
    const issued = await issueApiKey(ADMIN, org.providerId, "Rolled", {
      expiresAt: new Date(now.getTime() + 90 * DAY),
    });
    await rollApiKey(providerActor(org.providerId), issued.record.id, new Date(now.getTime() + 2 * DAY));
    expect(await warnExpiringKeys(now)).toBe(0);
    expect(await mailTo(org.owner.email, "key_expiring")).toEqual([]);
  });
});

describe("a disabled webhook endpoint", () => {
  it("is told to the owners once per disabling, with the reason", async () => {
    const org = await organisation();
    const subscription = await database.db().subscription.create({
      data: {
        providerId: org.providerId,
        eventType: "DELIVERY_REQUEST_SENT",
        callbackUrl: "https://receiver.example/hook",
        disabledAt: new Date(),
        disabledReason: "The receiver answered 410 Gone",
      },
    });
    const runs = await Promise.all([tellDisabledEndpoints(), tellDisabledEndpoints()]);
    expect(runs[0]! + runs[1]!).toBe(1);
    const [mail] = await mailTo(org.owner.email, "webhook_disabled");
    expect(mail!.subject).toBe("Webhook endpoint disabled: DELIVERY_REQUEST_SENT");
    expect(mail!.body).toContain("was disabled: The receiver answered 410 Gone.");
    expect(await tellDisabledEndpoints()).toBe(0);

    await reenableSubscription(providerActor(org.providerId), "DELIVERY_REQUEST_SENT");
    expect(await tellDisabledEndpoints()).toBe(0);
    await database.db().subscription.update({
      where: { id: subscription.id },
      data: { disabledAt: new Date(), disabledReason: "Every delivery failed for 5 days" },
    });
    expect(await tellDisabledEndpoints()).toBe(1);
    expect(await mailTo(org.owner.email, "webhook_disabled")).toHaveLength(2);
    expect(await mailTo(org.editor.email, "webhook_disabled")).toEqual([]);
  });
});

describe("the reviewers' digest", () => {
  it("starts its window on the first run, then mails each reviewer once per window what arrived and waits", async () => {
    const reviewers = await Promise.all([newUser(["reviewer"]), newUser(["reviewer"])]);
    const start = new Date();
    expect(await sendReviewDigest(start)).toBe(0); // the first run only starts the window
    const org = await organisation();
    for (const name of ["North kiosk", "South kiosk"])
      await requestChannelCreate(providerActor(org.providerId), {
        providerDeliveryChannelId: `digest-${randomUUID()}`,
        name: { language: "EN", translation: name },
        landingPage: "www.example.org",
        availability: { categoriesSupported: ["CASH"] },
      });
    expect(await sendReviewDigest(new Date(start.getTime() + HOUR / 2))).toBe(0); // too soon
    const due = new Date(start.getTime() + HOUR);
    const runs = await Promise.all([sendReviewDigest(due), sendReviewDigest(due)]);
    expect(runs.toSorted()).toEqual([0, 2]);
    for (const reviewer of reviewers) {
      const [digest, ...more] = await mailTo(reviewer.email, "review_digest");
      expect(more).toEqual([]);
      expect(digest!.subject).toBe("2 new channel requests to review");
      expect(digest!.body).toContain("- Delivery Channel Create: North kiosk (Sweep provider");
      expect(digest!.body).toContain("- Delivery Channel Create: South kiosk (Sweep provider");
    }
    // Nothing new in the next window: no mail.
    expect(await sendReviewDigest(new Date(due.getTime() + HOUR))).toBe(0);
    expect(await mailTo(reviewers[0]!.email, "review_digest")).toHaveLength(1);
  });

  it("tells of a request stamped before a digest but committed after it, in the next digest", async () => {
    const reviewer = await newUser(["reviewer"]);
    const clock = await database.db().mailDigest.findUniqueOrThrow({ where: { kind: "review_digest" } });
    const t1 = new Date((clock.coveredUntil ?? new Date()).getTime() + 2 * HOUR);
    expect(await sendReviewDigest(t1)).toBe(0);
    // A request received a second before that digest, whose transaction committed after it.
    const org = await organisation();
    await requestChannelCreate(
      providerActor(org.providerId),
      {
        providerDeliveryChannelId: `digest-${randomUUID()}`,
        name: { language: "EN", translation: "Late kiosk" },
        landingPage: "www.example.org",
        availability: { categoriesSupported: ["CASH"] },
      },
      new Date(t1.getTime() - 1_000),
    );
    expect(await sendReviewDigest(new Date(t1.getTime() + 2 * HOUR))).toBe(1);
    const [digest] = await mailTo(reviewer.email, "review_digest");
    expect(digest!.body).toContain("Late kiosk");
  });
});
