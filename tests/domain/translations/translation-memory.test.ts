/**
 * Issue 13: the translation memory. A name or description translated once, by LibreTranslate (a
 * server of its wire format on loopback) or by an administrator, is reused for every channel approved
 * with the same text: at the approval, with no job and no translator (the embedded default has none),
 * or by the worker when the text was translated after the job was queued. A person's translation is
 * never replaced by a machine's, in the memory as on a channel. The console shows the outcome per
 * language. A database of its own: the worker here runs every job it finds.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminChannelDetail } from "@/lib/domain/channels/details";
import { createProvider } from "@/lib/domain/providers";
import { channelTranslations, saveHumanTranslation } from "@/lib/domain/translations";
import { runDueTranslationJobs } from "@/lib/jobs/translation-worker";
import { libreTranslate, type Translator } from "@/lib/jobs/translators";
import { openOwnDatabase } from "../../support/server/own-database";
import {
  type LibreTranslateStub,
  startLibreTranslateStub,
} from "../../support/translations/libretranslate-stub";
import { approvedChannel, jobsOf } from "../../support/translations/translation-setup";
import { ADMIN, reviewerActor } from "../../support/users/actors";

const database = openOwnDatabase();
let stub: LibreTranslateStub;
let translator: Translator;
let providerId: string;

beforeAll(async () => {
  stub = await startLibreTranslateStub();
  translator = libreTranslate(stub.url);
  providerId = (await createProvider(ADMIN, `Memory ${randomUUID()}`)).id;
});
afterAll(() => stub.close());

const approved = (name: string, description?: string) =>
  approvedChannel(name, description ?? `Collect at any agent: ${name}`, providerId);
const runJobs = () => runDueTranslationJobs(translator, new Date(Date.now() + 1000), 100);
const translated = async (channelId: string) =>
  (await channelTranslations(channelId)).translations.map(({ field, language, text, source }) =>
    [field, language, text, source].join(" "),
  );

it("reuses a machine translation for another channel with the same text, without the translator", async () => {
  const first = await approved("Cash at the post office");
  expect(await runJobs()).toBe(4);
  const calls = stub.received.length;

  const second = await approved("Cash at the post office", "Collect at any agent: Cash at the post office");
  expect(await jobsOf(second)).toEqual([]);
  expect(await translated(second)).toEqual(await translated(first));
  expect(await runJobs()).toBe(0);
  expect(stub.received.length).toBe(calls);
});

it("a job queued before its text was translated takes the memory's translation when it runs", async () => {
  const first = await approved("Mobile wallet");
  const second = await approved("Mobile wallet", "Another description");
  expect(await jobsOf(second)).toHaveLength(4);
  const calls = stub.received.length;
  expect(await runJobs()).toBe(8);
  // The first channel's four texts and the second's own description: the shared name is asked once.
  expect(stub.received.length - calls).toBe(6);
  expect((await translated(second)).filter((line) => line.startsWith("name"))).toEqual(
    (await translated(first)).filter((line) => line.startsWith("name")),
  );
});

it("reuses a person's translation with no translator, and keeps it over a machine's", async () => {
  const first = await approved("Voucher shop");
  await saveHumanTranslation(reviewerActor("admin"), {
    channelId: first,
    field: "name",
    language: "FR",
    text: "Magasin de bons",
  });
  expect(await runJobs()).toBe(3); // the FR name's job was dropped for the human text

  const second = await approved("Voucher shop", "Collect at any agent: Voucher shop");
  expect(await jobsOf(second)).toEqual([]);
  expect(await translated(second)).toEqual([
    "name ES [es] Voucher shop machine",
    "name FR Magasin de bons reused",
    "shortDescription ES [es] Collect at any agent: Voucher shop machine",
    "shortDescription FR [fr] Collect at any agent: Voucher shop machine",
  ]);
  const memory = await database.db().translationMemory.findMany({
    where: { sourceText: "Voucher shop" },
    orderBy: { targetLanguage: "asc" },
  });
  expect(memory.map(({ targetLanguage, text, source }) => [targetLanguage, text, source])).toEqual([
    ["ES", "[es] Voucher shop", "machine"],
    ["FR", "Magasin de bons", "human"],
  ]);

  // A person's correction replaces the memory's machine text; later channels get theirs.
  await saveHumanTranslation(reviewerActor("admin"), {
    channelId: second,
    field: "name",
    language: "ES",
    text: "Tienda de vales",
  });
  const third = await approved("Voucher shop", "A third description");
  expect((await translated(third)).filter((line) => line.startsWith("name"))).toEqual([
    "name ES Tienda de vales reused",
    "name FR Magasin de bons reused",
  ]);
});

it("shows per language of a channel what is original, human-made, machine-made or waiting", async () => {
  const channelId = await approved("Bank transfer");
  await saveHumanTranslation(reviewerActor("admin"), {
    channelId,
    field: "name",
    language: "FR",
    text: "Virement bancaire",
  });
  const states = async () =>
    Object.fromEntries(
      (await adminChannelDetail(ADMIN, channelId))!.translationCoverage.map(({ field, states }) => [
        field,
        states.map(({ language, state }) => `${language} ${state}`),
      ]),
    );
  expect(await states()).toEqual({
    name: ["EN original", "FR human", "ES waiting"],
    shortDescription: ["EN original", "FR waiting", "ES waiting"],
  });
  await runJobs();
  expect(await states()).toEqual({
    name: ["EN original", "FR human", "ES machine"],
    shortDescription: ["EN original", "FR machine", "ES machine"],
  });
});
