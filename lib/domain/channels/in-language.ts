/**
 * Channel names and short descriptions in the viewer's language (issue 13): the translation made
 * on approval (by machine, by a person or from the memory) when there is one of exactly the text
 * shown, the provider's own text otherwise. A translation of an older text (an update was approved
 * since, or one waits) is not used: it would say something the channel no longer says.
 */
import { TRANSLATED_FIELDS, type TranslatedField } from "../../contract/forms/translation-forms";
import { db } from "../../db";
import { ID_LIST_LIMIT } from "../paging";

/** A row's texts as shown, and the provider's own where a translation replaced them. */
export type InLanguage<T> = T & { original: Partial<Record<TranslatedField, string>> };

type Texts = { id: string; name: string; shortDescription?: string | null };

async function translationsOf(channelIds: string[], language: string) {
  const found = [];
  for (let start = 0; start < channelIds.length; start += ID_LIST_LIMIT) {
    found.push(
      ...(await db().translation.findMany({
        where: { channelId: { in: channelIds.slice(start, start + ID_LIST_LIMIT) }, language },
        select: { channelId: true, field: true, text: true, sourceText: true },
      })),
    );
  }
  return found;
}

/** One channel's texts in the viewer's language: only those a translation replaces. */
export async function viewersTranslations(
  channel: { id: string; name: string; shortDescription?: string | null },
  locale: string,
): Promise<Partial<Record<TranslatedField, string>>> {
  const [shown] = await inViewersLanguage([channel], locale);
  const translated: Partial<Record<TranslatedField, string>> = {};
  for (const field of TRANSLATED_FIELDS)
    if (shown && field in shown.original && shown[field]) translated[field] = shown[field];
  return translated;
}

/** `rows` with each translated text replaced, in order; the same rows when none is translated. */
export async function inViewersLanguage<T extends Texts>(
  rows: T[],
  locale: string,
): Promise<InLanguage<T>[]> {
  const translations = rows.length
    ? await translationsOf([...new Set(rows.map((row) => row.id))], locale.toUpperCase())
    : [];
  const byChannel = new Map<string, typeof translations>();
  for (const translation of translations)
    byChannel.set(translation.channelId, [...(byChannel.get(translation.channelId) ?? []), translation]);
  return rows.map((row) => {
    const shown: InLanguage<T> = { ...row, original: {} };
    for (const translation of byChannel.get(row.id) ?? []) {
      const field = translation.field as TranslatedField;
      if (!(TRANSLATED_FIELDS as readonly string[]).includes(field)) continue;
      if (!translation.text || row[field] !== translation.sourceText) continue;
      shown.original[field] = translation.sourceText;
      (shown as Texts)[field] = translation.text;
    }
    return shown;
  });
}

/**
 * The name to show for each of `channels` (listed in any order, repeats allowed): a function of a
 * channel's id and the name as stored, giving the translation of exactly that name, or the name.
 */
export async function namesInViewersLanguage(
  channels: readonly { id: string; name: string }[],
  locale: string,
): Promise<(channelId: string, name: string) => string> {
  const unique = [
    ...new Map(channels.map((channel) => [`${channel.id}\u0000${channel.name}`, channel])).values(),
  ];
  const shown = await inViewersLanguage(
    unique.map(({ id, name }) => ({ id, name })),
    locale,
  );
  const translated = new Map(
    shown
      .filter((row) => "name" in row.original)
      .map((row) => [`${row.id}\u0000${row.original.name}`, row.name]),
  );
  return (channelId, name) => translated.get(`${channelId}\u0000${name}`) ?? name;
}

/** One channel's name as the viewer reads it (see namesInViewersLanguage). */
export async function nameInViewersLanguage(
  channelId: string,
  name: string,
  locale: string,
): Promise<string> {
  return (await namesInViewersLanguage([{ id: channelId, name }], locale))(channelId, name);
}
