/**
 * Issue 13: channel names and short descriptions in the viewer's language. A translation of exactly
 * the text shown replaces it (the original kept beside it); a translation of an older text, another
 * language's, or none leaves the provider's own text. The channel pages are read over HTTP.
 */
import { randomUUID } from "node:crypto";
import { expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { inViewersLanguage } from "@/lib/domain/channels/in-language";
import { saveHumanTranslation } from "@/lib/domain/translations";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { openTestDb } from "../../support/server/test-db";
import { approvedChannel } from "../../support/translations/translation-setup";
import { ADMIN } from "../../support/users/actors";

openTestDb();

const translate = (channelId: string, field: string, language: string, text: string) =>
  saveHumanTranslation(ADMIN, { channelId, field, language, text });

it("shows the viewer's translation of the text shown, and the provider's own otherwise", async () => {
  // Texts of their own: the translation memory would otherwise bring other tests' translations.
  const name = `Cash at the market ${randomUUID()}`;
  const description = `Collect at the stall ${randomUUID()}`;
  const id = await approvedChannel(name, description);
  await translate(id, "name", "AR", "النقد في السوق");
  await translate(id, "shortDescription", "FR", "Retrait au stand");
  const row = { id, name, shortDescription: description, other: 1 };

  expect(await inViewersLanguage([row], "ar")).toEqual([
    { ...row, name: "النقد في السوق", original: { name } },
  ]);
  expect(await inViewersLanguage([row], "fr")).toEqual([
    { ...row, shortDescription: "Retrait au stand", original: { shortDescription: description } },
  ]);
  expect(await inViewersLanguage([row], "ru")).toEqual([{ ...row, original: {} }]);
  expect(await inViewersLanguage([], "ar")).toEqual([]);
});

it("does not use a translation of a text the row no longer shows", async () => {
  const name = `Mobile wallet ${randomUUID()}`;
  const id = await approvedChannel(name);
  await translate(id, "name", "ES", "Monedero móvil");
  // The list shows the requested name: an update waiting for a decision renamed it.
  const renamed = { id, name: `${name} plus` };
  expect(await inViewersLanguage([renamed], "es")).toEqual([{ ...renamed, original: {} }]);
  // A translation whose source changed since (an approved rename) is stale too.
  await db().translation.updateMany({
    where: { channelId: id, language: "ES" },
    data: { sourceText: "Old" },
  });
  expect(await inViewersLanguage([{ id, name }], "es")).toEqual([{ id, name, original: {} }]);
});

/** The page's markup, read by a user who chose `locale` on their profile. */
async function pageIn(locale: string, session: PortalSession, path: string) {
  await db().user.update({ where: { id: session.userId }, data: { locale } });
  return (await session.get(path)).body;
}

it("the channel's pages, the provider's and the console's, are headed by the name in the reader's language", async () => {
  const name = `Kiosk network ${randomUUID()}`;
  const id = await approvedChannel(name);
  await translate(id, "name", "FR", "Réseau de kiosques");
  const channel = await db().channel.findUniqueOrThrow({ where: { id } });
  const provider = await signedIn("provider", inject("providerB").id);
  const admin = await signedIn("admin");
  const providerPage = `/channels/${encodeURIComponent(channel.providerDeliveryChannelId)}`;

  for (const [session, path] of [
    [provider, providerPage],
    [admin, `/admin/channels/${id}`],
  ] as const) {
    const french = await pageIn("fr", session, path);
    expect(french).toMatch(/<h1[^>]*><bdi>Réseau de kiosques<\/bdi><\/h1>/);
    // The provider's own text stays on the page, marked with its language.
    expect(french).toContain(`lang="en" class="wrap-anywhere">${name}</bdi>`);
    expect(french).toMatch(/lang="fr"><bdi class="wrap-anywhere">Réseau de kiosques/);
    // Russian has no translation: the provider's own name heads the page, with none beneath it
    // (the French one is still listed among the translations).
    const russian = await pageIn("ru", session, path);
    expect(russian).toMatch(new RegExp(`<h1[^>]*><bdi>${name}</bdi></h1>`));
    expect(russian).not.toContain('<div lang="ru">');
  }
});
