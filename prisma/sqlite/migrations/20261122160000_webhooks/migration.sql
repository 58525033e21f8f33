-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN "disabledAt" DATETIME;
ALTER TABLE "Subscription" ADD COLUMN "disabledReason" TEXT;
ALTER TABLE "Subscription" ADD COLUMN "failingSince" DATETIME;

-- AlterTable
ALTER TABLE "OutboxEvent" ADD COLUMN "claimToken" TEXT;
ALTER TABLE "OutboxEvent" ADD COLUMN "lastError" TEXT;

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "callbackUrl" TEXT NOT NULL,
    "httpStatus" INTEGER,
    "responseSnippet" TEXT,
    "error" TEXT,
    CONSTRAINT "WebhookAttempt_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "OutboxEvent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "WebhookAttempt_eventId_startedAt_idx" ON "WebhookAttempt"("eventId", "startedAt");

