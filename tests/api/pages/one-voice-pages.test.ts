/**
 * One product, one voice (issue 30, findings 4 and 5), as the server renders the pages: an amount
 * reads the same on the program's policy, the audit trail, the channel page and the reviewer's diff,
 * in the reader's language (English and Arabic here), never as hundredths or a bare number; a
 * lookup code shows by its name, an audit action and a changed field by theirs; a callback's
 * failure in the reader's words.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { requestChannelUpdate } from "@/lib/domain/channels";
import { LOOKUPS } from "@/lib/domain/channels/lookup-values";
import { saveHumanTranslation } from "@/lib/domain/translations";
import { formatterFor } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { FAILURE_TEXT } from "@/lib/webhooks/failure-reasons";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { programWithPolicy, send } from "../../support/money/approval-setup";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor } from "../../support/users/actors";

openTestDb();

let setup: Awaited<ReturnType<typeof programWithPolicy>>;
let deliveryRequestId: string;
let channelRequestId: string;
const sessions: Record<string, PortalSession> = {};

beforeAll(async () => {
  // A channel budget of 1,000 EUR, a program of 5,000 EUR; sends above 500 EUR wait for one approval.
  setup = await programWithPolicy({ delivery: [500, 1] });
  const sent = await send(setup, [750.5]);
  deliveryRequestId = (sent as { deliveryRequestId: string }).deliveryRequestId;
  // The provider asks for a budget of 2,500 EUR and one more country: a request for the reviewer.
  const channel = await db().channel.findUniqueOrThrow({ where: { id: setup.channelId } });
  const approved = JSON.parse(channel.approvedContent!) as Record<string, unknown>;
  await requestChannelUpdate(providerActor(setup.providerId), {
    ...approved,
    providerDeliveryChannelId: setup.providerDeliveryChannelId,
    availability: { categoriesSupported: ["CASH"], countriesSupported: ["BG"] },
    budget: { currency: "EUR", amount: 2500 },
  } as never);
  channelRequestId = (
    await db().channelRequest.findFirstOrThrow({ where: { channelId: setup.channelId, state: "PENDING" } })
  ).id;
  // A translation into French, as an administrator enters one on the console's channel page.
  await saveHumanTranslation(ADMIN, {
    channelId: setup.channelId,
    field: "name",
    language: "FR",
    text: "Espèces",
  });
  sessions.admin = await signedIn(["administrator", "auditor", "reviewer"]);
  sessions.owner = await signedIn(["owner"], setup.providerId);
  sessions.manager = await signedIn(["program_manager"]);
}, 120_000);

/** The page as `who` sees it in `locale` (their profile's language). */
async function page(who: "admin" | "owner" | "manager", path: string, locale: Locale) {
  const session = sessions[who]!;
  await db().user.update({ where: { id: session.userId }, data: { locale } });
  const answer = await session.get(path);
  expect(answer.status, path).toBe(200);
  return answer.body;
}

describe.each(["en", "ar"] as const)("in %s", (locale) => {
  const amount = (minor: bigint) => formatterFor(locale).amount(minor, "EUR");

  it("the program's policy states its threshold in the one amount format", async () => {
    // Its summary is for whoever may not change it; an administrator gets the form.
    const body = await page("manager", `/admin/programs/${setup.programId}`, locale);
    expect(body).toContain(amount(50_000n));
  });

  it("the audit trail names the action and shows the request's total as an amount, not hundredths", async () => {
    const body = await page("admin", `/admin/audit?subjectId=${deliveryRequestId}`, locale);
    expect(body).toContain(amount(75_050n));
    expect(body).not.toContain("75050");
    expect(body).not.toContain(">totalMinor<");
    expect(body).toContain('data-action="delivery_request.created"');
    // The policy's threshold, kept in hundredths, reads as the amount it is.
    const policy = await page("admin", `/admin/audit?subjectId=${setup.programId}`, locale);
    expect(policy).toContain(amount(50_000n));
    expect(policy).not.toContain("50000");
    expect(body).not.toMatch(/>delivery_request\.created</);
  });

  it("the channel page shows its budget as an amount and its category by name", async () => {
    const body = await page("owner", `/channels/${setup.providerDeliveryChannelId}`, locale);
    expect(body).toContain(amount(100_000n));
    expect(body).toContain('data-code="CASH"');
    expect(body).not.toMatch(/>CASH</);
  });

  it("the channel page names a delivery option's data type, and keeps a provider's own as given", async () => {
    const body = await page("owner", `/channels/${setup.providerDeliveryChannelId}`, locale);
    const { channels } = messagesFor(locale) as { channels: { content: { dataTypes: { STRING: string } } } };
    const dataTypes = channels.content.dataTypes;
    expect(body).toContain(`data-code="STRING">${dataTypes.STRING}<`);
    expect(body).not.toMatch(/>STRING</);
  });

  it("the console's channel page names each translation's language, in its table, list and editor", async () => {
    const body = await page("admin", `/admin/channels/${setup.channelId}`, locale);
    // Standard languages are named by Intl, in the reader's language.
    const named = (code: string) => new Intl.DisplayNames([locale], { type: "language" }).of(code)!;
    expect(body).toContain('data-code="FR"');
    expect(body).not.toMatch(/>FR</);
    expect(body).toContain(named("fr"));
    expect(body).toContain(`<option value="ES">${named("es")}</option>`);
  });

  it("the reviewer's diff names fields and codes, and shows the budget as amounts", async () => {
    const body = await page("admin", `/admin/requests/${channelRequestId}`, locale);
    expect(body).toContain(amount(100_000n));
    expect(body).toContain(amount(250_000n));
    expect(body).not.toMatch(/>budget\.amount</);
    expect(body).toContain('data-path="budget.amount"');
    expect(body).not.toMatch(/[>+] ?BG</);
  });
});

/** Every lookup code (CASH, BG, NATIONAL_IDENTITY, KG_COMMODITY, EUR…) but the placeholder NULL. */
const LOOKUP_CODES = new Set(
  Object.values(LOOKUPS)
    .flatMap((items) => items.map((item) => item.lookUp))
    .filter((code) => code !== "NULL"),
);

/**
 * The page's visible text nodes that are a bare lookup code (the framework's inline data left out).
 * The channel form is not among the pages: its lists load their names in the browser, and until
 * then its chips hold the codes the provider chose.
 */
function codesShown(html: string): string[] {
  const visible = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<style[\s\S]*?<\/style>/g, "");
  const texts = [...visible.matchAll(/>([^<]+)</g)].map((match) => match[1]!.trim());
  return [...new Set(texts.filter((text) => LOOKUP_CODES.has(text)))];
}

describe.each(["en", "ar"] as const)("no code where a name exists, in %s", (locale) => {
  it.each([
    ["owner", "channel list", (): string => "/channels"],
    ["owner", "channel page", (): string => `/channels/${setup.providerDeliveryChannelId}`],
    ["admin", "channel list", (): string => "/admin/channels"],
    ["admin", "channel page", (): string => `/admin/channels/${setup.channelId}`],
    ["admin", "request review", (): string => `/admin/requests/${channelRequestId}`],
    ["admin", "program page", (): string => `/admin/programs/${setup.programId}`],
    [
      "admin",
      "delivery request page",
      (): string => `/admin/programs/${setup.programId}/requests/${deliveryRequestId}`,
    ],
    ["admin", "audit trail", (): string => "/admin/audit"],
  ] as const)("the %s's %s shows no bare lookup code", async (who, _page, path) => {
    expect(codesShown(await page(who, path(), locale))).toEqual([]);
  });
});

it("the English names are the catalog's", async () => {
  const audit = await page("admin", `/admin/audit?subjectId=${deliveryRequestId}`, "en");
  expect(audit).toContain("Delivery request created");
  expect(audit).toContain("Total");
  const diff = await page("admin", `/admin/requests/${channelRequestId}`, "en");
  expect(diff).toContain("Budget › Amount");
  expect(diff).toContain("Bulgaria");
  const channel = await page("owner", `/channels/${setup.providerDeliveryChannelId}`, "en");
  expect(channel).toContain("Cash");
});

describe("a callback's failure in the reader's words (issue 30, finding 8)", () => {
  const LIBRARY_TEXT =
    "DNS lookup 127.0.0.1(family:undefined, host:127.0.0.1) is not allowed. Because, It is private IP address.";

  beforeAll(async () => {
    // As the worker records a callback refused at connect time (lib/jobs/webhook-outcomes.ts).
    await db().subscription.create({
      data: {
        providerId: setup.providerId,
        eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
        callbackUrl: "https://hooks.example.org/private-after-dns",
        failureStreak: 2,
        failingSince: new Date(),
        lastFailureAt: new Date(),
        lastFailureReason: `${FAILURE_TEXT.private} (${LIBRARY_TEXT})`,
      },
    });
  });

  it.each(["en", "ar"] as const)(
    "the webhooks page says why in %s, not in the library's English",
    async (locale) => {
      const body = await page("owner", "/webhooks", locale);
      const catalog = messagesFor(locale) as { webhooks: { failure: { private: string } } };
      // As React writes it into the page (an apostrophe is &#x27;).
      expect(body).toContain(catalog.webhooks.failure.private.replaceAll("'", "&#x27;"));
      expect(body).not.toContain("Because, It is private IP address.");
    },
  );
});
