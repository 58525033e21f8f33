/** A translation an administrator enters by hand, for one field of an approved channel. */

import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";

export const TRANSLATED_FIELDS = ["name", "shortDescription"] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];
export const MAX_TRANSLATION_LENGTH = 512;

/**
 * Who made a channel's translation (Translation.source): a translator; a person, for this channel;
 * or a person, for another channel with the same text (reused from the translation memory). Only a
 * person's own translation of this channel is never replaced by a machine's or the memory's.
 */
export const TRANSLATION_SOURCES = ["machine", "human", "reused"] as const;
export type TranslationSource = (typeof TRANSLATION_SOURCES)[number];

/**
 * Whether a text shows anything: a translation of zero-width and other invisible characters alone
 * would head a channel's page with nothing and leave its links nothing to click.
 */
export const showsSomething = (text: string) => /[^\s\p{Cf}\p{Z}]/u.test(text);

export const translationInputSchema = z.object({
  channelId: recordId,
  field: z.enum(TRANSLATED_FIELDS),
  language: z.string().regex(/^[A-Z]{2}$/, say("twoLetterLanguageCode")),
  text: z
    .string()
    .trim()
    .min(1, say("enterTranslation"))
    .max(MAX_TRANSLATION_LENGTH, say("atMostCharacters", { max: MAX_TRANSLATION_LENGTH }))
    .refine(showsSomething, say("enterTranslation")),
});
export type TranslationInput = z.infer<typeof translationInputSchema>;
