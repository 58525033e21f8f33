-- Issue 16: the lists' indexes end with the id, the tie-breaker of every list's order (updatedAt,
-- then id, or requestedAt, then id). Without it both databases sorted each group of rows sharing a
-- time (a batch of creates, or of decisions, is written at one instant) before returning a page:
-- SQLite with a temporary B-tree, PostgreSQL with an incremental sort, so a page cost a whole group
-- of ties, read with its rows (2,000 in bench:scale, 2.2x at a million channels). Now a page is the
-- first rows of an index range, in the list's order.
DROP INDEX "Channel_providerId_updatedAt_idx";
DROP INDEX "Channel_sandbox_updatedAt_idx";
DROP INDEX "Channel_sandbox_status_updatedAt_idx";
DROP INDEX "Channel_sandbox_isApproved_updatedAt_idx";
DROP INDEX "ChannelRequest_sandbox_state_requestedAt_idx";
DROP INDEX "ChannelRequest_sandbox_requestedAt_idx";
CREATE INDEX "Channel_providerId_updatedAt_id_idx" ON "Channel"("providerId", "updatedAt", "id");
CREATE INDEX "Channel_sandbox_updatedAt_id_idx" ON "Channel"("sandbox", "updatedAt", "id");
CREATE INDEX "Channel_sandbox_status_updatedAt_id_idx" ON "Channel"("sandbox", "status", "updatedAt", "id");
CREATE INDEX "Channel_sandbox_isApproved_updatedAt_id_idx" ON "Channel"("sandbox", "isApproved", "updatedAt", "id");
CREATE INDEX "ChannelRequest_sandbox_state_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "state", "requestedAt", "id");
CREATE INDEX "ChannelRequest_sandbox_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "requestedAt", "id");
