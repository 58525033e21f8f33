-- Eligibility reads approved ONLINE channels in batches by id: in this index's order, a batch is a
-- seek, where the planner had sorted every approved channel by id for each batch.
-- CreateIndex
CREATE INDEX "Channel_isApproved_status_id_idx" ON "Channel"("isApproved", "status", "id");
