-- Issue 13: notifications by email. Each message is written with the change it tells of and sent
-- by the mail worker through SMTP_URL, or kept for the mailbox page without it. A user may turn a kind
-- of notification off (MailOptOut). A key about to expire and a disabled webhook endpoint are told
-- once (expiryWarnedAt, disabledNoticeAt), the reviewers' digest covers a window at a time (MailDigest).

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN "expiryWarnedAt" DATETIME;

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN "disabledNoticeAt" DATETIME;

-- CreateTable
CREATE TABLE "MailMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "userId" TEXT,
    "toAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "sealed" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "sentAt" DATETIME,
    "lastError" TEXT,
    CONSTRAINT "MailMessage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MailDigest" (
    "kind" TEXT NOT NULL PRIMARY KEY,
    "coveredUntil" DATETIME
);

-- CreateTable
CREATE TABLE "MailOptOut" (
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,

    PRIMARY KEY ("userId", "kind"),
    CONSTRAINT "MailOptOut_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "MailMessage_state_nextAttemptAt_idx" ON "MailMessage"("state", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "MailMessage_createdAt_id_idx" ON "MailMessage"("createdAt", "id");


INSERT INTO "MailDigest" ("kind", "coveredUntil") VALUES ('review_digest', NULL);
