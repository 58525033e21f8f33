/**
 * Issue 30, finding 3, in the product: every signed-in person has an inbox (the console's
 * /admin/inbox, the portal's /inbox) that lists what was decided about what they asked for, newest
 * first, with its kind in their language, when, the reason given and a link to the decided thing's
 * page; a badge on "Inbox" counts what they have not seen and clears when they open it. Only their
 * own notifications, never a sealed letter, and a kind whose mail they turned off still shows.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { seal } from "@/lib/crypto";
import { db } from "@/lib/db";
import { decideChannelRequest, requestChannelUpdate } from "@/lib/domain/channels";
import { sendDeliveryRequest } from "@/lib/domain/deliveries";
import { saveNotificationSettings } from "@/lib/domain/notifications";
import { rejectDeliveryRequest } from "@/lib/domain/payments";
import { messagesFor } from "@/lib/i18n/messages";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { programWithPolicy } from "../../support/money/approval-setup";
import { delivery } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { providerActor, reviewerActor } from "../../support/users/actors";
import { actorOf } from "../../support/users/users";

openTestDb();

let setup: Awaited<ReturnType<typeof programWithPolicy>>;
let manager: PortalSession;
let muted: PortalSession;
let otherManager: PortalSession;
let approver: PortalSession;
let owner: PortalSession;
let rejectedId: string;
let mutedRequestId: string;

/** What a page shows, without the isolates around values (they keep another script in its place). */
const shown = (body: string) => body.replace(/[\u2068\u2069]/g, "");

async function page(session: PortalSession, path: string) {
  const answer = await session.get(path);
  expect(answer.status, path).toBe(200);
  return shown(answer.body);
}

/** The number on the navigation's "Inbox" link, or null when it shows none. */
function inboxBadge(body: string, href: string): string | null {
  const link = body.match(new RegExp(`<a[^>]*href="${href}"[^>]*>([\\s\\S]*?)</a>`));
  expect(link, `a navigation link to ${href}`).not.toBeNull();
  return link![1]!.match(/<span[^>]*>([^<]+)<\/span>/)?.[1] ?? null;
}

const setLocale = (session: PortalSession, locale: string) =>
  db().user.update({ where: { id: session.userId }, data: { locale } });

beforeAll(async () => {
  setup = await programWithPolicy({ delivery: [100, 1] });
  [manager, muted, otherManager, approver, owner] = await Promise.all([
    signedIn(["program_manager"]),
    signedIn(["program_manager"]),
    signedIn(["program_manager"]),
    signedIn(["finance_approver"]),
    signedIn(["owner"], setup.providerId),
  ]);
  // One who turned the decision's mail off: the inbox still tells them.
  await saveNotificationSettings({ id: muted.userId, roles: ["program_manager"] }, []);
  const send = (session: PortalSession, description: string) =>
    sendDeliveryRequest(actorOf({ id: session.userId }, ["program_manager"]), {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description,
      deliveries: [delivery(150)],
    });
  const approverActor = actorOf({ id: approver.userId }, ["finance_approver"]);
  rejectedId = (await send(manager, "Blankets for the north")).deliveryRequestId;
  await rejectDeliveryRequest(approverActor, rejectedId, "Wrong month for blankets");
  mutedRequestId = (await send(muted, "Stoves for the south")).deliveryRequestId;
  await rejectDeliveryRequest(approverActor, mutedRequestId, "No stoves this year");

  // A channel request of the owner's organisation, rejected by a reviewer.
  const channel = await db().channel.findUniqueOrThrow({ where: { id: setup.channelId } });
  const approved = JSON.parse(channel.approvedContent!) as Record<string, unknown>;
  await requestChannelUpdate(providerActor(setup.providerId), {
    ...approved,
    providerDeliveryChannelId: setup.providerDeliveryChannelId,
    budget: { currency: "EUR", amount: 2500 },
  } as never);
  const request = await db().channelRequest.findFirstOrThrow({
    where: { channelId: setup.channelId, state: "PENDING" },
  });
  await decideChannelRequest(reviewerActor("inbox-reviewer"), request.id, {
    approve: false,
    reason: "Budget needs a signed letter",
  });

  // A sealed letter addressed to the manager (as an invitation's or a reset's is): never in an inbox.
  await db().mailMessage.create({
    data: {
      kind: "password_reset",
      userId: manager.userId,
      toAddress: "sealed@pages.example",
      subject: "Sealed subject never shown",
      body: seal("https://example.org/reset?token=sealed-secret-token"),
      sealed: true,
      state: "PENDING",
    },
  });
}, 120_000);

describe("the console's inbox", () => {
  const requestPath = () => `/admin/programs/${setup.programId}/requests/${rejectedId}`;

  it("counts the unread decision on 'Inbox', and opening the inbox clears it", async () => {
    await setLocale(manager, "en");
    const home = await page(manager, "/admin");
    expect(inboxBadge(home, "/admin/inbox")).toBe("1");
    // And on the home page's "Waiting for you", linked to the inbox.
    expect(home).toMatch(
      /<a data-waiting="unreadNotifications"[^>]*href="\/admin\/inbox"[^>]*><span[^>]*>1</,
    );
    await page(manager, "/admin/inbox");
    expect(inboxBadge(await page(manager, "/admin"), "/admin/inbox")).toBeNull();
  });

  it("shows the program manager the rejection of their payment: kind, when and a link to the reason", async () => {
    const body = await page(manager, "/admin/inbox");
    expect(body).toContain('data-kind="payment_decided"');
    expect(body).toContain("Payment decision");
    expect(body).toContain("Blankets for the north");
    // The reason may name a beneficiary (issue 36): it stays on the payment's page, linked.
    expect(body).not.toContain("Wrong month for blankets");
    expect(body).toContain(`href="${requestPath()}"`);
    expect(body).toMatch(/<time [^>]*>\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC<\/time>/i);
    // Another person's decision and the channel's are not theirs.
    expect(body).not.toContain("Stoves for the south");
    expect(body).not.toContain("Budget needs a signed letter");
  });

  it("links to the payment's page, which says who rejected it, when and why", async () => {
    const body = await page(manager, requestPath());
    expect(body).toContain("Wrong month for blankets");
    expect(body).toContain(`finance_approver`);
  });

  it("never shows a sealed letter", async () => {
    const body = await page(manager, "/admin/inbox");
    expect(body).not.toContain("Sealed subject never shown");
    expect(body).not.toContain("sealed-secret-token");
  });

  it("shows nothing of anyone else's to another program manager", async () => {
    const body = await page(otherManager, "/admin/inbox");
    expect(body).not.toContain("Blankets for the north");
    expect(body).not.toContain("Stoves for the south");
    expect(body).toContain("Nothing yet");
    expect(inboxBadge(await page(otherManager, "/admin"), "/admin/inbox")).toBeNull();
  });

  it("tells one who turned the decision's mail off, with no mail written", async () => {
    const body = await page(muted, "/admin/inbox");
    expect(body).toContain("Stoves for the south");
    expect(body).not.toContain("No stoves this year");
    expect(await db().mailMessage.count({ where: { userId: muted.userId } })).toBe(0);
  });

  it("names the kind in the reader's language (Arabic)", async () => {
    await setLocale(otherManager, "ar");
    await setLocale(muted, "ar");
    const catalog = messagesFor("ar") as { inbox: { kind: { payment_decided: string } } };
    const body = await page(muted, "/admin/inbox");
    expect(body).toContain(catalog.inbox.kind.payment_decided);
    expect(body).toContain('dir="rtl"');
  });

  it("reads a page at a time, newest first", async () => {
    const many = await signedIn(["program_manager"]);
    const start = Date.now() - 60_000;
    await db().notification.createMany({
      data: Array.from({ length: 27 }, (_, i) => ({
        userId: many.userId,
        kind: "payment_decided",
        subject: `Numbered notification ${String(i).padStart(2, "0")}`,
        path: "/admin/programs",
        createdAt: new Date(start + i * 1000),
      })),
    });
    expect(inboxBadge(await page(many, "/admin"), "/admin/inbox")).toBe("27");
    const first = await page(many, "/admin/inbox");
    expect(first).toContain("Numbered notification 26");
    expect(first).toContain("Numbered notification 02");
    expect(first).not.toContain("Numbered notification 01");
    expect(first.indexOf("Numbered notification 26")).toBeLessThan(first.indexOf("Numbered notification 25"));
    const next = first.match(/href="(\/admin\/inbox\?after=[^"]+)"/)?.[1];
    expect(next).toBeDefined();
    const second = await page(many, next!.replaceAll("&amp;", "&"));
    expect(second).toContain("Numbered notification 01");
    expect(second).toContain("Numbered notification 00");
    expect(second).not.toContain("Numbered notification 02");
    expect(inboxBadge(await page(many, "/admin"), "/admin/inbox")).toBeNull();
  });
});

describe("the portal's inbox", () => {
  it("shows a provider member the decision on their organisation's channel request, and clears its badge", async () => {
    await setLocale(owner, "en");
    expect(inboxBadge(await page(owner, "/channels"), "/inbox")).toBe("1");
    const body = await page(owner, "/inbox");
    expect(body).toContain('data-kind="channel_decision"');
    expect(body).toContain("Channel decision");
    expect(body).toContain("Reason: Budget needs a signed letter");
    expect(body).toContain(`href="/channels/${encodeURIComponent(setup.providerDeliveryChannelId)}"`);
    expect(body).not.toContain("Blankets for the north");
    expect(inboxBadge(await page(owner, "/channels"), "/inbox")).toBeNull();
  });

  it("links to the channel's page, which says when it was rejected and why", async () => {
    const body = await page(owner, `/channels/${encodeURIComponent(setup.providerDeliveryChannelId)}`);
    expect(body).toContain("Budget needs a signed letter");
    expect(body).toMatch(/Decided \d{4}-\d{2}-\d{2}/);
  });

  it("shows a member of another organisation nothing of it", async () => {
    const stranger = await signedIn(["owner"], (await otherProvider()).id);
    const body = await page(stranger, "/inbox");
    expect(body).not.toContain("Budget needs a signed letter");
    expect(body).toContain("Nothing yet");
  });
});

async function otherProvider() {
  return db().provider.create({
    data: { name: `Other ${randomUUID().slice(0, 6)}` },
  });
}
