-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "disabledAt" TIMESTAMP(3),
ADD COLUMN     "disabledReason" TEXT,
ADD COLUMN     "failingSince" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "OutboxEvent" ADD COLUMN     "claimToken" TEXT,
ADD COLUMN     "lastError" TEXT;

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "callbackUrl" TEXT NOT NULL,
    "httpStatus" INTEGER,
    "responseSnippet" TEXT,
    "error" TEXT,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookAttempt_eventId_startedAt_idx" ON "WebhookAttempt"("eventId", "startedAt");

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "OutboxEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

