-- Approval policies for money: a program's thresholds, a delivery request's approval state, refunds
-- waiting for approval, and each finance approver's decision (one per person and request).
ALTER TABLE "Program" ADD COLUMN "deliveryApprovalThresholdMinor" BIGINT;
ALTER TABLE "Program" ADD COLUMN "deliveryApprovalsRequired" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "Program" ADD COLUMN "refundApprovalThresholdMinor" BIGINT;
ALTER TABLE "Program" ADD COLUMN "refundApprovalsRequired" INTEGER NOT NULL DEFAULT 1;

ALTER TABLE "DeliveryRequest" ADD COLUMN "approvalState" TEXT NOT NULL DEFAULT 'SENT';
ALTER TABLE "DeliveryRequest" ADD COLUMN "approvalsRequired" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "DeliveryRequest" ADD COLUMN "decidedAt" TIMESTAMP(3);
ALTER TABLE "DeliveryRequest" ADD COLUMN "rejectionReason" TEXT;
CREATE INDEX "DeliveryRequest_approvalState_createdAt_idx" ON "DeliveryRequest"("approvalState", "createdAt");

CREATE TABLE "RefundRequest" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "pendingFor" TEXT,
    "reason" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'PENDING_APPROVAL',
    "approvalsRequired" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,
    CONSTRAINT "RefundRequest_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "RefundRequest_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "Delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "RefundRequest_pendingFor_key" ON "RefundRequest"("pendingFor");
CREATE INDEX "RefundRequest_state_createdAt_idx" ON "RefundRequest"("state", "createdAt");
CREATE INDEX "RefundRequest_deliveryId_idx" ON "RefundRequest"("deliveryId");

CREATE TABLE "PaymentApproval" (
    "id" TEXT NOT NULL,
    "deliveryRequestId" TEXT,
    "refundRequestId" TEXT,
    "approverId" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PaymentApproval_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "PaymentApproval_deliveryRequestId_fkey" FOREIGN KEY ("deliveryRequestId") REFERENCES "DeliveryRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PaymentApproval_refundRequestId_fkey" FOREIGN KEY ("refundRequestId") REFERENCES "RefundRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "PaymentApproval_deliveryRequestId_approverId_key" ON "PaymentApproval"("deliveryRequestId", "approverId");
CREATE UNIQUE INDEX "PaymentApproval_refundRequestId_approverId_key" ON "PaymentApproval"("refundRequestId", "approverId");
CREATE INDEX "PaymentApproval_approverId_idx" ON "PaymentApproval"("approverId");
