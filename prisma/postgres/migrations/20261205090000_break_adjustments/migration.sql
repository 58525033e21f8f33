-- Issue 32, item 5: adjustments that settle a statement's breaks, decided like payments
-- AlterTable
ALTER TABLE "PaymentApproval" ADD COLUMN     "adjustmentId" TEXT;

-- AlterTable
ALTER TABLE "StatementBreak" ADD COLUMN     "fileOutcome" TEXT,
ADD COLUMN     "settledAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "BreakAdjustment" (
    "id" TEXT NOT NULL,
    "breakId" TEXT NOT NULL,
    "pendingFor" TEXT,
    "kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "proposedBy" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "unit" TEXT NOT NULL,
    "approvalsRequired" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'PENDING_APPROVAL',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,

    CONSTRAINT "BreakAdjustment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BreakAdjustment_pendingFor_key" ON "BreakAdjustment"("pendingFor");

-- CreateIndex
CREATE INDEX "BreakAdjustment_breakId_idx" ON "BreakAdjustment"("breakId");

-- CreateIndex
CREATE INDEX "BreakAdjustment_state_createdAt_idx" ON "BreakAdjustment"("state", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentApproval_adjustmentId_approverId_key" ON "PaymentApproval"("adjustmentId", "approverId");

-- AddForeignKey
ALTER TABLE "PaymentApproval" ADD CONSTRAINT "PaymentApproval_adjustmentId_fkey" FOREIGN KEY ("adjustmentId") REFERENCES "BreakAdjustment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BreakAdjustment" ADD CONSTRAINT "BreakAdjustment_breakId_fkey" FOREIGN KEY ("breakId") REFERENCES "StatementBreak"("id") ON DELETE CASCADE ON UPDATE CASCADE;

