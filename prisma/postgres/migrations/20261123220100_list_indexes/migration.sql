-- Indexes behind every list's sort and filter, for keyset paging (lib/domain/paging.ts).
-- DropIndex
DROP INDEX "Delivery_deliveryRequestId_idx";

-- CreateIndex
CREATE INDEX "Channel_updatedAt_idx" ON "Channel"("updatedAt");

-- CreateIndex
CREATE INDEX "Channel_status_updatedAt_idx" ON "Channel"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "Channel_isApproved_updatedAt_idx" ON "Channel"("isApproved", "updatedAt");

-- CreateIndex
CREATE INDEX "ChannelRequest_requestedAt_idx" ON "ChannelRequest"("requestedAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_createdAt_idx" ON "OutboxEvent"("createdAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_eventType_createdAt_idx" ON "OutboxEvent"("eventType", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_state_createdAt_idx" ON "OutboxEvent"("state", "createdAt");

-- CreateIndex
CREATE INDEX "Delivery_deliveryRequestId_beneficiaryId_idx" ON "Delivery"("deliveryRequestId", "beneficiaryId");
