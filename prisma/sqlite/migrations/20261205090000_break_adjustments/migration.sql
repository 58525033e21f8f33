-- Issue 32, item 5: adjustments that settle a statement's breaks, decided like payments
-- AlterTable
ALTER TABLE "StatementBreak" ADD COLUMN "fileOutcome" TEXT;
ALTER TABLE "StatementBreak" ADD COLUMN "settledAt" DATETIME;

-- CreateTable
CREATE TABLE "BreakAdjustment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "breakId" TEXT NOT NULL,
    "pendingFor" TEXT,
    "kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "proposedBy" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "unit" TEXT NOT NULL,
    "approvalsRequired" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'PENDING_APPROVAL',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" DATETIME,
    "rejectionReason" TEXT,
    CONSTRAINT "BreakAdjustment_breakId_fkey" FOREIGN KEY ("breakId") REFERENCES "StatementBreak" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PaymentApproval" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deliveryRequestId" TEXT,
    "refundRequestId" TEXT,
    "adjustmentId" TEXT,
    "approverId" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PaymentApproval_deliveryRequestId_fkey" FOREIGN KEY ("deliveryRequestId") REFERENCES "DeliveryRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PaymentApproval_refundRequestId_fkey" FOREIGN KEY ("refundRequestId") REFERENCES "RefundRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PaymentApproval_adjustmentId_fkey" FOREIGN KEY ("adjustmentId") REFERENCES "BreakAdjustment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_PaymentApproval" ("approverId", "at", "decision", "deliveryRequestId", "id", "reason", "refundRequestId") SELECT "approverId", "at", "decision", "deliveryRequestId", "id", "reason", "refundRequestId" FROM "PaymentApproval";
DROP TABLE "PaymentApproval";
ALTER TABLE "new_PaymentApproval" RENAME TO "PaymentApproval";
CREATE INDEX "PaymentApproval_approverId_idx" ON "PaymentApproval"("approverId");
CREATE UNIQUE INDEX "PaymentApproval_deliveryRequestId_approverId_key" ON "PaymentApproval"("deliveryRequestId", "approverId");
CREATE UNIQUE INDEX "PaymentApproval_refundRequestId_approverId_key" ON "PaymentApproval"("refundRequestId", "approverId");
CREATE UNIQUE INDEX "PaymentApproval_adjustmentId_approverId_key" ON "PaymentApproval"("adjustmentId", "approverId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "BreakAdjustment_pendingFor_key" ON "BreakAdjustment"("pendingFor");

-- CreateIndex
CREATE INDEX "BreakAdjustment_breakId_idx" ON "BreakAdjustment"("breakId");

-- CreateIndex
CREATE INDEX "BreakAdjustment_state_createdAt_idx" ON "BreakAdjustment"("state", "createdAt");

