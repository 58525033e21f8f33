/**
 * Translations of approved channel names and short descriptions. Approving a request queues one job
 * per field and target language (lib/domain/channels/decide-request.ts); a worker (lib/jobs/translation-worker.ts)
 * runs them through the configured Translator with retries and backoff. Administrators can enter or
 * correct any translation by hand, and a human text is never overwritten by a machine one.
 */

import { databaseKind } from "../../config";
import {
  MAX_TRANSLATION_LENGTH,
  showsSomething,
  TRANSLATED_FIELDS,
  type TranslatedField,
  type TranslationSource,
} from "../../contract/forms/translation-forms";
import { say } from "../../contract/validation-messages";
import { db, type Tx } from "../../db";
import { recordAudit } from "../audit";
import { invalid, notFound } from "../errors";
import { type Actor, authorize } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { type Remembered, recall, rememberHuman } from "./memory";

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
    if (memory) await writeTranslation(tx, translationKey(job), { ...memory, source: sourceOfCopy(memory) });
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

const translationKey = (job: { channelId: string; field: string; targetLanguage: string }) => ({
  channelId: job.channelId,
  field: job.field,
  language: job.targetLanguage,
});

/** A person's text made for another channel is "reused" on this one: its own people may replace it. */
const sourceOfCopy = (made: Pick<Remembered, "source">): TranslationSource =>
  made.source === "human" ? "reused" : "machine";

/**
 * Writes a channel's translation of one field into one language unless a person wrote one for the
 * channel; false when theirs is kept. Never fails on a row another transaction has just created: on
 * PostgreSQL that failure would abort the caller's transaction (an approval); SQLite's writers take
 * the write lock in turn, so there the check and the insert see the same rows.
 */
async function writeTranslation(
  client: Tx,
  key: ReturnType<typeof translationKey>,
  { text, sourceText, source }: { text: string; sourceText: string; source: TranslationSource },
): Promise<boolean> {
  const data = { text, sourceText, source };
  const replaceable = { ...key, source: { not: "human" } };
  if ((await client.translation.updateMany({ where: replaceable, data })).count) return true;
  if (databaseKind() === "postgres") {
    // INSERT … ON CONFLICT DO NOTHING: a row written meanwhile stands. (Db is typed as the SQLite
    // client, which has no skipDuplicates.)
    const created = await client.translation.createMany({
      data: [{ ...key, ...data }],
      skipDuplicates: true as never,
    });
    return created.count === 1;
  }
  const existing = { where: { channelId_field_language: key }, select: { id: true } };
  if (await client.translation.findUnique(existing)) return false;
  await client.translation.create({ data: { ...key, ...data } });
  return true;
}

/**
 * Completes a claimed job with its translation (a translator's, or the memory's) in one transaction,
 * only while the job is still PENDING: a job that a newer approval or a person replaced meanwhile
 * writes nothing (its text is out of date). A person's text of the channel is kept.
 */
export async function completeJob(
  job: Job & { id: string; attempts: number },
  made: Pick<Remembered, "text" | "source">,
): Promise<"DONE" | "SKIPPED" | "REPLACED"> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.translationJob.updateMany({
      where: { id: job.id, state: "PENDING" },
      data: { state: "DONE", attempts: job.attempts + 1, lockedUntil: null, lastError: null },
    });
    if (!count) return "REPLACED";
    const translation = { text: made.text, sourceText: job.sourceText, source: sourceOfCopy(made) };
    if (await writeTranslation(tx, translationKey(job), translation)) return "DONE";
    await tx.translationJob.update({
      where: { id: job.id },
      data: { state: "SKIPPED", lastError: "Translated by hand" },
    });
    return "SKIPPED";
  });
}

/** An administrator's own translation: replaces whatever was there, and machines leave it alone. */
export async function saveHumanTranslation(
  actor: Actor,
  input: { channelId: string; field: string; language: string; text: string },
) {
  authorize(actor, "translations.edit");
  if (!(TRANSLATED_FIELDS as readonly string[]).includes(input.field)) {
    throw invalid("field", say("mustBeNameOrShortDescription"));
  }
  const text = input.text.trim();
  if (!showsSomething(text)) throw invalid("text", say("mustNotBeEmpty"));
  if (text.length > MAX_TRANSLATION_LENGTH) {
    throw invalid("text", say("mustBeAtMostCharacters", { max: MAX_TRANSLATION_LENGTH }));
  }
  return db().$transaction(async (tx) => {
    const channel = await tx.channel.findUnique({
      where: { id: input.channelId },
      select: { approvedContent: true, sandbox: true },
    });
    if (!channel?.approvedContent) throw notFound(say("noApprovedChannelToTranslate"));
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
    // A sandbox's channel teaches the live memory nothing.
    if (!channel.sandbox && sourceText?.translation.trim() && sourceText.language !== input.language) {
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
