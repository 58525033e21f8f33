-- Safe retries after a crash (issue 35): each committed transaction's result, journaled in that transaction, and how often a claim's process died
ALTER TABLE "IdempotencyKey" ADD COLUMN "journal" TEXT;
ALTER TABLE "IdempotencyKey" ADD COLUMN "abandoned" INTEGER NOT NULL DEFAULT 0;
