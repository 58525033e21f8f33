-- Issue 16: an index behind the approval queue's and the request list's provider and kind filters.
-- The provider filter joined each request's channel and kind was checked on each row read in the
-- list's order, so a provider with nothing pending made the queue read every pending request.
-- ChannelRequest.providerId says it on the row itself, written by the database (a channel never
-- changes provider), and each filter has an index in the list's order.
ALTER TABLE "ChannelRequest" ADD COLUMN "providerId" TEXT NOT NULL DEFAULT '';

CREATE TRIGGER "ChannelRequest_provider_insert" AFTER INSERT ON "ChannelRequest"
WHEN new."providerId" IS NOT (SELECT "providerId" FROM "Channel" WHERE "id" = new."channelId")
BEGIN
  UPDATE "ChannelRequest" SET "providerId" = (SELECT "providerId" FROM "Channel" WHERE "id" = new."channelId")
  WHERE "rowid" = new."rowid";
END;

CREATE INDEX "ChannelRequest_sandbox_providerId_state_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "providerId", "state", "requestedAt", "id");
CREATE INDEX "ChannelRequest_sandbox_providerId_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "providerId", "requestedAt", "id");
CREATE INDEX "ChannelRequest_sandbox_state_kind_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "state", "kind", "requestedAt", "id");
CREATE INDEX "ChannelRequest_sandbox_kind_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "kind", "requestedAt", "id");

-- Planner statistics beside the seeded ones of the other indexes (left alone where ANALYZE measured
-- the table): a provider holds few requests of many, a kind a third of them.
INSERT INTO sqlite_stat1 ("tbl", "idx", "stat")
SELECT "tbl", "idx", "stat" FROM (
    SELECT 'ChannelRequest' AS "tbl", 'ChannelRequest_sandbox_providerId_state_requestedAt_id_idx' AS "idx", '1000000 1000000 100 30 1 1' AS "stat"
    UNION ALL SELECT 'ChannelRequest', 'ChannelRequest_sandbox_providerId_requestedAt_id_idx', '1000000 1000000 100 1 1'
    UNION ALL SELECT 'ChannelRequest', 'ChannelRequest_sandbox_state_kind_requestedAt_id_idx', '1000000 1000000 330000 110000 1 1'
    UNION ALL SELECT 'ChannelRequest', 'ChannelRequest_sandbox_kind_requestedAt_id_idx', '1000000 1000000 330000 1 1'
)
WHERE EXISTS (SELECT 1 FROM sqlite_stat1 WHERE "tbl" = 'ChannelRequest' AND "idx" = 'ChannelRequest_sandbox_state_requestedAt_id_idx' AND "stat" LIKE '1000000 %');

UPDATE "ChannelRequest" SET "providerId" = (SELECT "providerId" FROM "Channel" WHERE "Channel"."id" = "ChannelRequest"."channelId");
