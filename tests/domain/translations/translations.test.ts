/**
 * Translation jobs through a LibreTranslate-compatible server on loopback, on the real database:
 * jobs complete, failures retry with backoff on an injected clock, a crashed worker's claimed jobs
 * are resumed after its lease, and a human translation always wins over a machine one.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { translationInputSchema } from "@/lib/contract/forms/translation-forms";
import { decideChannelRequest } from "@/lib/domain/channels";
import { channelTranslations, saveHumanTranslation } from "@/lib/domain/translations";
import { MAX_ATTEMPTS, runDueTranslationJobs } from "@/lib/jobs/translation-worker";
import { libreTranslate, type Translator } from "@/lib/jobs/translators";
import { openTestDb } from "../../support/server/test-db";
import {
  type LibreTranslateStub,
  startLibreTranslateStub,
} from "../../support/translations/libretranslate-stub";
import { approvedChannel, jobsOf } from "../../support/translations/translation-setup";
import { providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();
const providerB = inject("providerB");
let stub: LibreTranslateStub;
let translator: Translator;

beforeAll(async () => {
  stub = await startLibreTranslateStub();
  translator = libreTranslate(stub.url, "test-key");
});
afterAll(() => stub.close());

// Each test approves its own channel; running the jobs of "the whole database" must not mix tests,
// so every test drains all due work at a clock far in the future before it starts.
const FAR_FUTURE = new Date("2100-01-01T00:00:00Z");
beforeEach(async () => {
  while ((await runDueTranslationJobs(translator, FAR_FUTURE, 100)) > 0);
});

describe("translation jobs", () => {
  it("translate name and short description into each target language through LibreTranslate", async () => {
    const channelId = await approvedChannel("Cash pickup");
    const now = new Date(Date.now() + 1000);
    expect(await runDueTranslationJobs(translator, now)).toBe(4);

    const { translations, waiting } = await channelTranslations(channelId);
    expect(waiting).toEqual([]);
    expect(
      translations.map(({ field, language, text, source }) => ({ field, language, text, source })),
    ).toEqual([
      { field: "name", language: "ES", text: "[es] Cash pickup", source: "machine" },
      { field: "name", language: "FR", text: "[fr] Cash pickup", source: "machine" },
      {
        field: "shortDescription",
        language: "ES",
        text: "[es] Collect at any agent: Cash pickup",
        source: "machine",
      },
      {
        field: "shortDescription",
        language: "FR",
        text: "[fr] Collect at any agent: Cash pickup",
        source: "machine",
      },
    ]);
    expect(stub.received.at(-1)).toMatchObject({ source: "en", api_key: "test-key" });
  });

  it("retry a failure with backoff, not before it is due, then succeed", async () => {
    const channelId = await approvedChannel("Retry me");
    const start = new Date(Date.now() + 1000);
    stub.failNext(4, 503);
    expect(await runDueTranslationJobs(translator, start)).toBe(4);
    const failed = await jobsOf(channelId);
    expect(failed.every((job) => job.state === "PENDING" && job.attempts === 1)).toBe(true);
    expect(failed[0]!.lastError).toContain("Translation engine unavailable");
    // First retry after 5 s ± 20%: nothing is due 3 s later, everything 7 s later.
    expect(await runDueTranslationJobs(translator, new Date(start.getTime() + 3_000))).toBe(0);
    expect(await runDueTranslationJobs(translator, new Date(start.getTime() + 7_000))).toBe(4);
    expect((await jobsOf(channelId)).map((job) => [job.state, job.attempts])).toEqual(
      Array(4).fill(["DONE", 2]),
    );
  });

  it("give up after the last attempt, and at once on an error retrying cannot fix", async () => {
    const channelId = await approvedChannel("Never translated");
    stub.failNext(1_000, 500);
    let clock = Date.now() + 1000;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      await runDueTranslationJobs(translator, new Date(clock));
      clock += 2 * 60 * 60_000; // past the longest backoff
    }
    stub.failNext(0);
    expect((await jobsOf(channelId)).map((job) => [job.state, job.attempts])).toEqual(
      Array(4).fill(["FAILED", MAX_ATTEMPTS]),
    );

    const unsupported = await approvedChannel("Unsupported language");
    stub.failNext(4, 400);
    await runDueTranslationJobs(translator, new Date(Date.now() + 1000));
    expect((await jobsOf(unsupported)).map((job) => [job.state, job.attempts])).toEqual(
      Array(4).fill(["FAILED", 1]),
    );
  });

  it("resume the jobs a crashed worker had claimed once its lease expires", async () => {
    const channelId = await approvedChannel("Crash during translation");
    const now = new Date(Date.now() + 1000);
    // A worker claims every job and dies before finishing: the claim is all that remains.
    await database()
      .db()
      .translationJob.updateMany({
        where: { channelId },
        data: { lockedUntil: new Date(now.getTime() + 60_000) },
      });
    expect(await runDueTranslationJobs(translator, now)).toBe(0);
    expect(await runDueTranslationJobs(translator, new Date(now.getTime() + 61_000))).toBe(4);
    expect((await jobsOf(channelId)).every((job) => job.state === "DONE")).toBe(true);
  });

  it("never overwrite a human translation, before or after the machine one", async () => {
    const channelId = await approvedChannel("Human first");
    await saveHumanTranslation(reviewerActor("admin"), {
      channelId,
      field: "name",
      language: "FR",
      text: "Retrait d'espèces",
    });
    await runDueTranslationJobs(translator, new Date(Date.now() + 1000));
    await saveHumanTranslation(reviewerActor("admin"), {
      channelId,
      field: "name",
      language: "ES",
      text: "Retiro de efectivo",
    });
    // A later approval translates again: the human texts stay.
    const channel = await database()
      .db()
      .channel.findUniqueOrThrow({ where: { id: channelId } });
    const { requestChannelUpdate } = await import("@/lib/domain/channels");
    const content = JSON.parse(channel.approvedContent!);
    await requestChannelUpdate(providerActor(providerB.id), content);
    const pending = await database()
      .db()
      .channelRequest.findFirstOrThrow({ where: { channelId, state: "PENDING" } });
    await decideChannelRequest(reviewerActor("admin", null), pending.id, { approve: true });
    await runDueTranslationJobs(translator, new Date(Date.now() + 1000));

    const names = (await channelTranslations(channelId)).translations.filter((t) => t.field === "name");
    expect(names.map(({ language, text, source }) => ({ language, text, source }))).toEqual([
      { language: "ES", text: "Retiro de efectivo", source: "human" },
      { language: "FR", text: "Retrait d'espèces", source: "human" },
    ]);
  });

  it("refuse a translation that shows nothing: zero-width and other invisible characters alone", async () => {
    const channelId = await approvedChannel("Invisible first");
    for (const text of ["\u200b\u200d\u2060", " \u00a0\u200e ", "\ufeff"]) {
      const input = { channelId, field: "name", language: "FR", text };
      await expect(saveHumanTranslation(reviewerActor("admin"), input)).rejects.toMatchObject({
        kind: "invalid",
        field: "text",
      });
      expect(translationInputSchema.safeParse(input).success).toBe(false);
    }
    expect((await channelTranslations(channelId)).translations.filter((t) => t.source === "human")).toEqual(
      [],
    );
  });
});
