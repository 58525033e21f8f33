/**
 * Runs due translation jobs. Jobs are claimed with a lease (lockedUntil) so that several workers
 * can run and a worker that dies mid-job releases it when the lease expires. A failure is retried
 * with exponential backoff and jitter; after MAX_ATTEMPTS, or at once when retrying cannot help,
 * the job is FAILED and an administrator translates by hand.
 */
import { db } from "../db";
import { completeJob, type Remembered, recall, rememberMachine } from "../domain/translations";
import { log } from "../log";
import { retryDelayMs } from "./backoff";
import { claimDue } from "./leases";
import { pollEvery } from "./poller";
import { TranslationFailed, type Translator } from "./translators";

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 60_000;

const claimDueJobs = (now: Date, limit: number) => claimDue(db().translationJob, now, limit, LEASE_MS);

type Job = Awaited<ReturnType<typeof claimDueJobs>>[number];

/** The memory's translation of the job's text (made since the job was queued), or the translator's. */
async function translationOf(translator: Translator, job: Job): Promise<Pick<Remembered, "text" | "source">> {
  const [remembered] = await recall(db(), [job], [job.targetLanguage]);
  if (remembered) return remembered;
  const text = await translator.translate(job.sourceText, job.sourceLanguage, job.targetLanguage);
  await rememberMachine({ ...job, text });
  return { text, source: "machine" };
}

async function runJob(translator: Translator, job: Job, now: Date): Promise<void> {
  try {
    await completeJob(job, await translationOf(translator, job));
  } catch (error) {
    const attempts = job.attempts + 1;
    const retryable = !(error instanceof TranslationFailed) || error.retryable;
    const final = !retryable || attempts >= MAX_ATTEMPTS;
    const message = error instanceof Error ? error.message : String(error);
    log.warn({ jobId: job.id, attempts, final, err: message }, "translation failed");
    // Only while still PENDING: a job a newer approval or a person replaced meanwhile stays SKIPPED.
    await db().translationJob.updateMany({
      where: { id: job.id, state: "PENDING" },
      data: {
        state: final ? "FAILED" : "PENDING",
        attempts,
        lockedUntil: null,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      },
    });
  }
}

/** Runs the jobs due at `now` (an injectable clock for tests); returns how many it ran. */
export async function runDueTranslationJobs(translator: Translator, now = new Date(), limit = 20) {
  const jobs = await claimDueJobs(now, limit);
  for (const job of jobs) await runJob(translator, job, now);
  return jobs.length;
}

/** Polls for due jobs until stopped; the returned function stops it and waits for the current round. */
export function startTranslationWorker(translator: Translator, intervalMs = 2_000): () => Promise<void> {
  const stop = pollEvery("translation worker", intervalMs, () => runDueTranslationJobs(translator));
  log.info({ translator: translator.name }, "translation worker started");
  return stop;
}
