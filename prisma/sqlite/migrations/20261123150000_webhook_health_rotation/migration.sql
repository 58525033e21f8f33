-- Issue 14, webhooks: endpoint health (the failure streak and the last failure) and hmac secret
-- rotation with overlap (the previous secret, sealed, and the end of its grace period).
-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN "failureStreak" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Subscription" ADD COLUMN "lastFailureAt" DATETIME;
ALTER TABLE "Subscription" ADD COLUMN "lastFailureReason" TEXT;
ALTER TABLE "Subscription" ADD COLUMN "previousAuthSealed" TEXT;
ALTER TABLE "Subscription" ADD COLUMN "previousAuthUntil" DATETIME;
