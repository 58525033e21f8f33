/**
 * Translations of approved channel names and short descriptions. Approving a request queues one job
 * per field and target language (lib/domain/approvals.ts); a worker (lib/jobs/translation-worker.ts)
 * runs them through the configured Translator with retries and backoff. Administrators can enter or
 * correct any translation by hand, and a human text is never overwritten by a machine one.
 */

import {
  MAX_TRANSLATION_LENGTH,
  TRANSLATED_FIELDS,
  type TranslatedField,
} from "../contract/forms/translations";
import { db, isUniqueViolation, type Tx } from "../db";
import { recordAudit } from "./audit";
import { parseContent } from "./channels/content";
import { invalid, notFound } from "./errors";
import { type Actor, authorize } from "./permissions";
import { type Remembered, recall, rememberHuman } from "./translation-memory";

interface Translatable {
  name?: { language: string; translation: string } | null;
  shortDescription?: { language: string; translation: string } | null;
}

/** The jobs an approval of this content queues: every field with text, into every other language. */
function translationJobsFor(channelId: string, content: Translatable, targetLanguages: string[]) {
  return TRANSLATED_FIELDS.flatMap((field) => {
    const source = content[field];
    if (!source?.translation.trim()) return [];
    return targetLanguages
      .filter((language) => language !== source.language)
      .map((targetLanguage) => ({
        channelId,
        field,
        sourceLanguage: source.language,
        targetLanguage,
        sourceText: source.translation,
      }));
  });
}

/**
 * Queues the jobs of a newly approved content; jobs still waiting for older content are dropped. A
 * text the translation memory already holds is translated at once instead, with no job.
 */
export async function queueTranslationJobs(
  tx: Tx,
  channelId: string,
  content: Translatable,
  languages: string[],
) {
  await tx.translationJob.updateMany({
    where: { channelId, state: "PENDING" },
    data: { state: "SKIPPED", lastError: "Replaced by the translation of a newer approval" },
  });
  const jobs = translationJobsFor(channelId, content, languages);
  const remembered = await recall(tx, jobs, languages);
  const toQueue = [];
  for (const job of jobs) {
    const memory = remembered.find((entry) => sameText(entry, job));
    if (memory) await writeTranslation(tx, keyOf(job), memory);
    else toQueue.push(job);
  }
  if (toQueue.length) await tx.translationJob.createMany({ data: toQueue });
}

/** A translation job as queued (or read back: its field then is any text). */
type Job = Omit<ReturnType<typeof translationJobsFor>[number], "field"> & { field: string };

const sameText = (entry: Remembered, job: Job) =>
  entry.sourceLanguage === job.sourceLanguage &&
  entry.targetLanguage === job.targetLanguage &&
  entry.sourceText === job.sourceText;

const keyOf = (job: { channelId: string; field: string; targetLanguage: string }) => ({
  channelId: job.channelId,
  field: job.field,
  language: job.targetLanguage,
});

/**
 * Writes a channel's translation of one field into one language unless a person wrote one; false
 * when theirs is kept. (Two writers racing to create it: the loser fails on the unique key.)
 */
async function writeTranslation(
  client: Tx,
  key: ReturnType<typeof keyOf>,
  { text, sourceText, source }: Pick<Remembered, "text" | "sourceText" | "source">,
): Promise<boolean> {
  const data = { text, sourceText, source };
  const { count } = await client.translation.updateMany({ where: { ...key, source: "machine" }, data });
  if (count) return true;
  const kept = await client.translation.findUnique({
    where: { channelId_field_language: key },
    select: { id: true },
  });
  if (kept) return false;
  await client.translation.create({ data: { ...key, ...data } });
  return true;
}

/**
 * Stores a job's translation (a translator's, or the memory's) unless a person has written one for
 * this field and language. Returns false when the human text was kept.
 */
export async function saveJobTranslation(
  job: Job,
  { text, source }: Pick<Remembered, "text" | "source">,
): Promise<boolean> {
  try {
    return await writeTranslation(db(), keyOf(job), { text, sourceText: job.sourceText, source });
  } catch (error) {
    if (isUniqueViolation(error)) return false; // a human translation was just written
    throw error;
  }
}

/** An administrator's own translation: replaces whatever was there, and machines leave it alone. */
export async function saveHumanTranslation(
  actor: Actor,
  input: { channelId: string; field: string; language: string; text: string },
) {
  authorize(actor, "translations.edit");
  if (!(TRANSLATED_FIELDS as readonly string[]).includes(input.field)) {
    throw invalid("field", "must be name or shortDescription");
  }
  const text = input.text.trim();
  if (!text) throw invalid("text", "must not be empty");
  if (text.length > MAX_TRANSLATION_LENGTH) {
    throw invalid("text", `must be at most ${MAX_TRANSLATION_LENGTH} characters`);
  }
  return db().$transaction(async (tx) => {
    const channel = await tx.channel.findUnique({
      where: { id: input.channelId },
      select: { approvedContent: true },
    });
    if (!channel?.approvedContent) throw notFound("No approved channel to translate.");
    const sourceText = parseContent(channel.approvedContent)[input.field as TranslatedField];
    const key = { channelId: input.channelId, field: input.field, language: input.language };
    const previous = await tx.translation.findUnique({
      where: { channelId_field_language: key },
      select: { text: true, source: true },
    });
    await tx.translation.upsert({
      where: { channelId_field_language: key },
      create: { ...key, text, source: "human", sourceText: sourceText?.translation ?? "" },
      update: { text, source: "human", sourceText: sourceText?.translation ?? "" },
    });
    if (sourceText?.translation.trim() && sourceText.language !== input.language) {
      const { language: sourceLanguage, translation } = sourceText;
      await rememberHuman(tx, {
        sourceLanguage,
        targetLanguage: input.language,
        sourceText: translation,
        text,
      });
    }
    await tx.translationJob.updateMany({
      where: {
        channelId: input.channelId,
        field: input.field,
        targetLanguage: input.language,
        state: "PENDING",
      },
      data: { state: "SKIPPED", lastError: "Translated by hand" },
    });
    await recordAudit(tx, actor, {
      action: "translation.edited",
      subjectType: "Channel",
      subjectId: input.channelId,
      detail: { field: input.field, language: input.language },
      before: previous ? { text: previous.text, source: previous.source } : null,
      after: { text, source: "human" },
    });
  });
}

/** A channel's translations and the jobs still waiting, for the channel pages of both portals. */
export async function channelTranslations(channelId: string) {
  const [translations, waiting] = await Promise.all([
    db().translation.findMany({
      where: { channelId },
      orderBy: [{ field: "asc" }, { language: "asc" }],
      select: { field: true, language: true, text: true, source: true, sourceText: true, updatedAt: true },
    }),
    db().translationJob.findMany({
      where: { channelId, state: { in: ["PENDING", "FAILED"] } },
      select: {
        field: true,
        targetLanguage: true,
        sourceText: true,
        state: true,
        attempts: true,
        lastError: true,
      },
    }),
  ]);
  return { translations, waiting };
}
