/**
 * The portal's languages (issue 13): which language a browser gets, the catalog check CI runs, the
 * formats and lookup names per language, and the mail written in each.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { webhookCatalog } from "@/lib/contract/webhook-catalog";
import { decisionLetter, paymentAwaitingLetter, reviewDigestLetter } from "@/lib/domain/notifications";
import { formatterFor } from "@/lib/format";
import { catalogProblems, unknownKeysInCode } from "@/lib/i18n/catalog-check";
import { displayName } from "@/lib/i18n/display-names";
import { LOCALES, localeDirection, matchAcceptLanguage } from "@/lib/i18n/locales";
import { readCatalog } from "@/lib/i18n/messages";
import { translatorFor } from "@/lib/i18n/translator";

/** Intl separates groups with no-break spaces (U+00A0, U+202F): compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the browser's language", () => {
  it("picks the best of ours by quality, matching the primary subtag", () => {
    expect(matchAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8")).toBe("fr");
    expect(matchAcceptLanguage("de-DE, ar;q=0.5, ru;q=0.7")).toBe("ru");
    expect(matchAcceptLanguage("uk;q=0.2, es;q=0.2")).toBe("uk");
    expect(matchAcceptLanguage("AR-sy")).toBe("ar");
  });

  it("falls back to English for none of ours, a refused one, or an odd header", () => {
    expect(matchAcceptLanguage("de, ja")).toBe("en");
    expect(matchAcceptLanguage("fr;q=0")).toBe("en");
    expect(matchAcceptLanguage(undefined)).toBe("en");
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (header) => LOCALES.includes(matchAcceptLanguage(header))),
    );
  });

  it("writes Arabic right to left and the others left to right", () => {
    expect(LOCALES.filter((locale) => localeDirection(locale) === "rtl")).toEqual(["ar"]);
  });
});

describe("the message catalogs (npm run check:messages)", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const copy = () => {
    dir = mkdtempSync(path.join(tmpdir(), "messages-"));
    cpSync("messages", dir, { recursive: true });
    return dir;
  };

  it("finds nothing missing in the catalogs the portal ships, nor in the keys its code asks for", () => {
    dir = mkdtempSync(path.join(tmpdir(), "unused-"));
    expect(catalogProblems("messages")).toEqual([]);
    expect(unknownKeysInCode(["app", "components", "lib"], "messages")).toEqual([]);
  });

  it("reports a key missing from a language, a stray one, a broken message and a changed argument", () => {
    copy();
    writeFileSync(path.join(dir, "fr", "shell.json"), JSON.stringify({ productName: "Portail", extra: "x" }));
    writeFileSync(path.join(dir, "ar", "mail.json"), JSON.stringify({ signature: "{unclosed" }));
    writeFileSync(path.join(dir, "en", "probe.json"), JSON.stringify({ hello: "Hello {name}" }));
    for (const locale of LOCALES.filter((l) => l !== "en"))
      writeFileSync(path.join(dir, locale, "probe.json"), JSON.stringify({ hello: "Bonjour {nom}" }));
    const problems = catalogProblems(dir);
    expect(problems).toContain("fr: missing shell.language");
    expect(problems).toContain("fr: shell.extra is not in English");
    expect(
      problems.some(
        (p) => p.startsWith("ar: signature") || p.startsWith("ar: mail.signature does not parse"),
      ),
    ).toBe(true);
    expect(problems).toContain("ru: probe.hello uses {nom}, English {name}");
  });

  it("reports a literal key the code asks for that English lacks", () => {
    copy();
    const source = path.join(dir, "src");
    cpSync("components/i18n", source, { recursive: true });
    writeFileSync(
      path.join(source, "probe.tsx"),
      'const t = useTranslations("shell");\nexport const a = t("language");\nexport const b = t("nosuchKey");\n',
    );
    expect(unknownKeysInCode([source], dir)).toEqual([
      `${path.join(source, "probe.tsx")}: shell.nosuchKey is not in messages/en`,
    ]);
  });
});

describe("formats and names in the reader's language", () => {
  it("keeps English's sortable formats and gives other languages their own", () => {
    const date = new Date("2026-11-23T09:05:07Z");
    expect(formatterFor("en").dateTime(date)).toBe("2026-11-23 09:05 UTC");
    expect(plain(formatterFor("fr").dateTime(date))).toBe("23/11/2026 09:05 UTC");
    expect(plain(formatterFor("fr").amount(123456789n, "EUR"))).toBe("1 234 567,89 EUR");
    expect(plain(formatterFor("ru").count(10000))).toBe("10 000");
    expect(plain(formatterFor("es").amount(5n, "MT"))).toBe("0,05 MT");
    expect(formatterFor("ar").dateTime(date)).toContain("UTC");
  });

  it("names countries, languages and currencies in the reader's language, the lookup's name otherwise", () => {
    expect(displayName("fr", "region", "de", "Germany")).toBe("Allemagne");
    expect(displayName("ar", "region", "SY", "Syria")).toBe("سوريا");
    expect(displayName("uk", "language", "en", "English")).toBe("англійська");
    expect(displayName("es", "currency", "EUR", "Euro")).toBe("euro");
    expect(displayName("fr", "region", "XZ", "Somewhere")).toBe("Somewhere");
    expect(displayName("fr", "language", "not a tag!", "Odd")).toBe("Odd");
  });
});

describe("mail in the recipient's language", () => {
  const decision = decisionLetter({
    channelName: "Cash at the market",
    providerDeliveryChannelId: "ch-1",
    requestType: "Create",
    approved: false,
    reason: "Missing licence",
  });

  it("writes English as before and each language its own, with the provider's text as typed", () => {
    expect(decision("en").subject).toBe("Channel request rejected: Cash at the market");
    expect(decision("en").body).toContain('for the channel "Cash at the market" (ch-1) was rejected.');
    expect(plain(decision("fr").subject)).toBe("Demande de canal refusée : Cash at the market");
    expect(decision("ar").body).toContain("تم رفض");
    expect(decision("ru").body).toContain("отклонён");
    for (const locale of LOCALES) expect(decision(locale).body).toContain("Missing licence");
  });

  it("drops the direction controls a provider's text carries, so they cannot reverse the letter", () => {
    const spoofing = decisionLetter({
      channelName: "\u202eOps desk",
      providerDeliveryChannelId: "ch-2",
      requestType: "Create",
      approved: true,
      reason: "\u2067fine\u202b",
    });
    for (const locale of LOCALES) {
      const { subject, body } = spoofing(locale);
      expect(`${subject}\n${body}`).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      expect(body).toContain("Ops desk");
    }
    expect(spoofing("en").body).toContain('for the channel "Ops desk" (ch-2) was approved.');
    // The letter drops every direction control, so the catalogs must carry none of their own.
    for (const locale of LOCALES)
      expect(JSON.stringify(readCatalog(locale).mail)).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("formats amounts and plurals in the language", () => {
    const payment = paymentAwaitingLetter({
      programName: "Winter",
      description: "Blankets",
      total: { minor: 123456n, unit: "EUR" },
      deliveryCount: 3,
      approvalsRequired: 2,
    });
    expect(payment("en").body).toContain("A delivery request of 1,234.56 EUR (3 deliveries)");
    expect(payment("en").body).toContain("It needs 2 approvals");
    expect(plain(payment("fr").body)).toContain("1 234,56 EUR (3 distributions)");
    expect(payment("uk").body).toContain("3 доставки");
    expect(reviewDigestLetter(1, [])("en").subject).toBe("1 new channel request to review");
    expect(reviewDigestLetter(5, [])("ru").subject).toBe("5 новых запросов по каналам на рассмотрение");
  });

  it("falls back to English for a language we do not have", () => {
    expect(decision("de")).toEqual(decision("en"));
  });
});

describe("counted things", () => {
  it("are singular for one in English, and grouped for many", () => {
    const t = translatorFor("en", "programs");
    expect(t("send.sentToast", { count: 1 })).toBe("Delivery request sent with 1 delivery.");
    expect(t("send.sentToast", { count: 10_000 })).toBe("Delivery request sent with 10,000 deliveries.");
    expect(t("list.summary", { channels: 1, requests: 1, remaining: "5.00 EUR" })).toBe(
      "1 channel · 1 request · virtual budget 5.00 EUR left",
    );
    const summary = { amount: "1.00 EUR", count: 1, channel: "C", provider: "P", at: "now", status: "ok" };
    expect(t("request.summarySent", summary)).toBe("1.00 EUR in 1 delivery to C (P), sent now; ok");
    expect(t("request.summaryCreated", summary)).toContain("in 1 delivery to C");
  });
});

describe("the event catalog page", () => {
  it("says in English exactly what the contract's event descriptions say", () => {
    const about = (readCatalog("en").webhooks as { events: { about: Record<string, string> } }).events.about;
    for (const { eventType, description } of webhookCatalog()) expect(about[eventType]).toBe(description);
  });
});
