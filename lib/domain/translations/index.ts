/**
 * The translations module's public face: `@/lib/domain/translations`, approved channel names and
 * short descriptions in the other languages. Below channels, whose approvals queue its jobs and
 * whose pages show its work; it reads a channel's content through ../stored-channel-content.ts.
 *
 * - channel-translations.ts: the jobs an approval queues, a job's completion, an administrator's
 *   own translation, and a channel's translations as stored
 * - memory.ts: every translation made, recalled for any channel with the same text
 * - coverage.ts: which languages a channel is in, and how each got there
 */

export {
  channelTranslations,
  completeJob,
  queueTranslationJobs,
  saveHumanTranslation,
} from "./channel-translations";
export { type CoverageState, type FieldCoverage, translationCoverage } from "./coverage";
export { type Remembered, recall, rememberHuman, rememberMachine } from "./memory";
