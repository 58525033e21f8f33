/**
 * Which languages a channel's approved name and description are in, and how each got there: the
 * console shows it per channel, so an administrator sees what is machine-made, human-made, still
 * waiting for a translator or missing (issue 13).
 */
import { TRANSLATED_FIELDS, type TranslatedField } from "../../contract/forms/translation-forms";
import type { channelTranslations } from "./channel-translations";

type Translations = Awaited<ReturnType<typeof channelTranslations>>;
type Text = { language: string; translation: string } | null | undefined;

/**
 * original: the language the provider wrote in; human, machine: translated, for the text as approved
 * (human: by a person, for this channel or another with the same text); waiting, failed: a job for
 * the text is queued or gave up; outdated: translated from an earlier text (a person's translation
 * is kept until a person replaces it); missing: nothing.
 */
export type CoverageState = "original" | "human" | "machine" | "outdated" | "waiting" | "failed" | "missing";

export interface FieldCoverage {
  field: TranslatedField;
  states: { language: string; state: CoverageState }[];
}

/** Each approved field with text, in each of the languages channels are translated into. */
export function translationCoverage(
  approved: Partial<Record<TranslatedField, Text>> | null,
  { translations, waiting }: Translations,
  languages: string[],
): FieldCoverage[] {
  return TRANSLATED_FIELDS.flatMap((field) => {
    const source = approved?.[field];
    if (!source?.translation.trim()) return [];
    const languagesShown = [source.language, ...languages.filter((language) => language !== source.language)];
    const states = languagesShown.map((language) => {
      if (language === source.language) return { language, state: "original" as const };
      const jobs = waiting.filter(
        (entry) =>
          entry.field === field &&
          entry.targetLanguage === language &&
          entry.sourceText === source.translation,
      );
      const job = jobs.find((entry) => entry.state === "PENDING") ?? jobs[0];
      const done = translations.find((entry) => entry.field === field && entry.language === language);
      return { language, state: stateOf(source.translation, job, done) };
    });
    return [{ field, states }];
  });
}

function stateOf(
  text: string,
  job: Translations["waiting"][number] | undefined,
  done: Translations["translations"][number] | undefined,
): CoverageState {
  // A person's text, here or reused from another channel, is human-made.
  if (done?.sourceText === text) return done.source === "machine" ? "machine" : "human";
  if (job) return job.state === "FAILED" ? "failed" : "waiting";
  return done ? "outdated" : "missing";
}
