/**
 * The translation memory: every translation made, by a translator or by an administrator, is kept
 * under its source text and languages, and an approval reuses it for any channel whose name or
 * description is that same text, in the same transaction, with no translator called. It works in the
 * embedded default too, where no translator is configured: a text translated by hand once is
 * translated for every channel that carries it. A human text is never replaced by a machine one.
 */
import type { TranslationSource } from "../../contract/forms/translation-forms";
import { sha256Hex } from "../../crypto";
import { db, isUniqueViolation, type Tx } from "../../db";

export interface Remembered {
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  text: string;
  /** Who made the text: a translator, or a person (for whichever channel first carried it). */
  source: Extract<TranslationSource, "machine" | "human">;
}

const memoryKey = (entry: Pick<Remembered, "sourceLanguage" | "targetLanguage" | "sourceText">) => ({
  sourceHash: sha256Hex(entry.sourceText),
  sourceLanguage: entry.sourceLanguage,
  targetLanguage: entry.targetLanguage,
});

/** A person's translation: it replaces whatever the memory held for the text. */
export async function rememberHuman(tx: Tx, entry: Omit<Remembered, "source">) {
  const key = memoryKey(entry);
  const data = { sourceText: entry.sourceText, text: entry.text, source: "human" };
  await tx.translationMemory.upsert({
    where: { sourceHash_sourceLanguage_targetLanguage: key },
    create: { ...key, ...data },
    update: data,
  });
}

/** A translator's translation: kept unless a person's is (outside a transaction: a unique violation is harmless). */
export async function rememberMachine(entry: Omit<Remembered, "source">) {
  const key = memoryKey(entry);
  const data = { sourceText: entry.sourceText, text: entry.text, source: "machine" };
  const { count } = await db().translationMemory.updateMany({ where: { ...key, source: "machine" }, data });
  if (count) return;
  try {
    await db().translationMemory.create({ data: { ...key, ...data } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // another writer's text came first, and stands
  }
}

/** What the memory holds for these texts, each into the target languages asked about. */
export async function recall(
  tx: Tx,
  texts: { sourceLanguage: string; sourceText: string }[],
  targetLanguages: string[],
): Promise<Remembered[]> {
  if (!texts.length || !targetLanguages.length) return [];
  // The key's index leads with the hash: the rows of these texts, read as an index range each.
  const rows = await tx.translationMemory.findMany({
    where: {
      sourceHash: { in: texts.map((text) => sha256Hex(text.sourceText)) },
      targetLanguage: { in: targetLanguages },
    },
    select: { sourceLanguage: true, targetLanguage: true, sourceText: true, text: true, source: true },
  });
  // The hash picks the rows; the text and its language decide.
  return rows.flatMap((row) =>
    texts.some((text) => text.sourceLanguage === row.sourceLanguage && text.sourceText === row.sourceText)
      ? [{ ...row, source: row.source === "human" ? "human" : "machine" }]
      : [],
  );
}
