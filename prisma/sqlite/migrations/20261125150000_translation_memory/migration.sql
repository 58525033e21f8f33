-- Issue 13: a translation memory. A name or description translated once, by a machine or a person,
-- is reused for every channel approved with the same text (lib/domain/translation-memory.ts).
CREATE TABLE "TranslationMemory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sourceLanguage" TEXT NOT NULL,
    "targetLanguage" TEXT NOT NULL,
    "sourceHash" TEXT NOT NULL,
    "sourceText" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);
CREATE UNIQUE INDEX "TranslationMemory_sourceHash_sourceLanguage_targetLanguage_key" ON "TranslationMemory"("sourceHash", "sourceLanguage", "targetLanguage");
