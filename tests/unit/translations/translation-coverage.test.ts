/**
 * Issue 13: the console's per-language view of a channel's translations (lib/domain/
 * translations/coverage.ts), on every state a field and language can be in.
 */
import { expect, it } from "vitest";
import { translationCoverage } from "@/lib/domain/translations";

const approved = {
  name: { language: "FR", translation: "Retrait" },
  shortDescription: { language: "EN", translation: "" },
};
const at = new Date(0);
const done = (language: string, source: string, sourceText = "Retrait") => ({
  field: "name",
  language,
  text: `${language} text`,
  source,
  sourceText,
  updatedAt: at,
});
const job = (targetLanguage: string, state: string, sourceText = "Retrait") => ({
  field: "name",
  targetLanguage,
  sourceText,
  state,
  attempts: 1,
  lastError: null,
});

it("tells original, human (or reused), machine, outdated, waiting, failed and missing apart, for fields with text", () => {
  const coverage = translationCoverage(
    approved,
    {
      translations: [
        done("EN", "human"),
        done("ES", "machine"),
        done("AR", "machine", "Old name"),
        done("UK", "human", "Old name"),
        done("RU", "machine", "Old name"),
        done("NL", "reused"),
        done("PL", "machine"),
      ],
      waiting: [
        job("RU", "PENDING"),
        job("DE", "FAILED"),
        job("IT", "FAILED", "Old name"),
        job("PL", "FAILED"),
      ],
    },
    ["EN", "FR", "ES", "AR", "UK", "RU", "DE", "IT", "PT", "NL", "PL"],
  );
  expect(coverage).toEqual([
    {
      field: "name",
      states: [
        { language: "FR", state: "original" },
        { language: "EN", state: "human" },
        { language: "ES", state: "machine" },
        { language: "AR", state: "outdated" },
        { language: "UK", state: "outdated" },
        { language: "RU", state: "waiting" },
        { language: "DE", state: "failed" },
        { language: "IT", state: "missing" },
        { language: "PT", state: "missing" },
        { language: "NL", state: "human" },
        { language: "PL", state: "machine" },
      ],
    },
  ]);
});

it("shows nothing for a channel never approved", () => {
  expect(translationCoverage(null, { translations: [], waiting: [] }, ["EN", "FR"])).toEqual([]);
});
