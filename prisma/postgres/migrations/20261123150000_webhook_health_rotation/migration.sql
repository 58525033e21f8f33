-- Issue 14, webhooks: endpoint health (the failure streak and the last failure) and hmac secret
-- rotation with overlap (the previous secret, sealed, and the end of its grace period).
-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "failureStreak" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lastFailureAt" TIMESTAMP(3),
ADD COLUMN     "lastFailureReason" TEXT,
ADD COLUMN     "previousAuthSealed" TEXT,
ADD COLUMN     "previousAuthUntil" TIMESTAMP(3);
