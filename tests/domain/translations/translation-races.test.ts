/**
 * Issue 13: the translation memory against what happens meanwhile (found by review, each failed
 * before its fix): a job whose text a newer approval replaced while the translator worked writes
 * nothing; a person's text copied from the memory does not pin another channel's translation; a
 * job that failed for an earlier approval does not hide a current translation; and on PostgreSQL an
 * approval does not fail when another transaction writes the same translation meanwhile.
 * A database of its own: the worker here runs every job it finds.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { decideChannelRequest, requestChannelCreate, requestChannelUpdate } from "@/lib/domain/channels";
import { adminChannelDetail } from "@/lib/domain/channels/details";
import { createProvider } from "@/lib/domain/providers";
import { channelTranslations, saveHumanTranslation } from "@/lib/domain/translations";
import { runDueTranslationJobs } from "@/lib/jobs/translation-worker";
import { TranslationFailed, type Translator } from "@/lib/jobs/translators";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN, providerActor, reviewerActor } from "../../support/users/actors";

const database = openOwnDatabase();
let providerId: string;
beforeAll(async () => {
  process.env.TRANSLATION_LANGUAGES = "FR";
  providerId = (await createProvider(ADMIN, `Races ${randomUUID()}`)).id;
});

const body = (id: string, name: string, description = `About ${id}`) =>
  ({
    ...minimalChannelBody(id),
    name: { language: "EN", translation: name },
    shortDescription: { language: "EN", translation: description },
  }) as ChannelBody;
const create = (id: string, name: string) => requestChannelCreate(providerActor(providerId), body(id, name));
const update = (id: string, name: string) => requestChannelUpdate(providerActor(providerId), body(id, name));

/** Approves the channel's pending request; answers the channel's id. */
async function approve(providerDeliveryChannelId: string) {
  const channel = await database.db().channel.findFirstOrThrow({
    where: { providerDeliveryChannelId, providerId },
    include: { requests: { where: { state: "PENDING" } } },
  });
  await decideChannelRequest(reviewerActor("admin", null), channel.requests[0]!.id, { approve: true });
  return channel.id;
}

/** A translation service (external: a double of its interface), with a hook into its work. */
const translator = (during?: (text: string) => Promise<void>): Translator => ({
  name: "test translator",
  async translate(text, _from, to) {
    await during?.(text);
    return `[${to}] ${text}`;
  },
});
const runJobs = (using = translator()) => runDueTranslationJobs(using, new Date(Date.now() + 1000), 100);
const frName = async (channelId: string) =>
  (await channelTranslations(channelId)).translations.find((t) => t.field === "name" && t.language === "FR");

it("a job whose text a newer approval replaced while it was translated writes nothing", async () => {
  await create("known", "Beta");
  await approve("known");
  await runJobs(); // the memory learns "Beta"
  await create("renamed", "Alpha");
  const channelId = await approve("renamed");
  let renamed = false;
  await runJobs(
    translator(async (text) => {
      if (text !== "Alpha" || renamed) return;
      renamed = true; // while "Alpha" is being translated, the channel is renamed and approved
      await update("renamed", "Beta");
      await approve("renamed");
    }),
  );
  expect(await frName(channelId)).toMatchObject({ text: "[FR] Beta", sourceText: "Beta" });
});

it("a person's text copied from the memory gives way to the translation of the channel's next name", async () => {
  await create("by-hand", "Delta");
  const first = await approve("by-hand");
  await saveHumanTranslation(reviewerActor("admin"), {
    channelId: first,
    field: "name",
    language: "FR",
    text: "Delta à la main",
  });
  await create("copy", "Delta");
  const copy = await approve("copy");
  expect(await frName(copy)).toMatchObject({ text: "Delta à la main", source: "reused" });
  await update("copy", "Epsilon");
  await approve("copy");
  await runJobs();
  expect(await frName(copy)).toMatchObject({ text: "[FR] Epsilon", source: "machine" });
});

it("a job that failed for an earlier approval does not hide the current translation", async () => {
  await create("failed", "Gamma");
  const channelId = await approve("failed");
  const failing: Translator = {
    name: "failing",
    translate: async () => {
      throw new TranslationFailed("unsupported", false);
    },
  };
  await runJobs(failing);
  await requestChannelUpdate(providerActor(providerId), body("failed", "Gamma", "A new description"));
  await approve("failed");
  await runJobs();
  const coverage = (await adminChannelDetail(ADMIN, channelId))!.translationCoverage;
  expect(coverage.map(({ field, states }) => [field, states.map((entry) => entry.state)])).toEqual([
    ["name", ["original", "machine"]],
    ["shortDescription", ["original", "machine"]],
  ]);
});

it("an approval stands when another transaction writes the same translation meanwhile", async () => {
  await create("zeta-known", "Zeta");
  await approve("zeta-known");
  await runJobs(); // the memory learns "Zeta"
  await create("contested", "Eta");
  const channelId = await approve("contested");
  await update("contested", "Zeta");
  // A person's translation of the FR name, committed while the approval writes the memory's.
  const other = database.db().$transaction(
    async (tx) => {
      await tx.translation.create({
        data: {
          channelId,
          field: "name",
          language: "FR",
          text: "à la main",
          sourceText: "Eta",
          source: "human",
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    },
    { timeout: 10_000 },
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  await approve("contested");
  await other;
  expect(await frName(channelId)).toMatchObject({ text: "à la main", source: "human" });
});
