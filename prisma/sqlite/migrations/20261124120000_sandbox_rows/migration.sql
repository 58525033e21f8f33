-- Issue 16: the console's lists and counts (live data only) read through their indexes alone. They
-- used to keep a channel or a request only after joining its provider (sandboxOfId IS NULL), a join
-- per row read, 10,000 of them for each capped count. Channel.sandbox and ChannelRequest.sandbox say
-- it on the row itself, and the lists' indexes begin with it.
-- AlterTable
ALTER TABLE "Channel" ADD COLUMN "sandbox" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "ChannelRequest" ADD COLUMN "sandbox" BOOLEAN NOT NULL DEFAULT false;

-- Existing rows, from their provider.
UPDATE "Channel" SET "sandbox" = true
WHERE "providerId" IN (SELECT "id" FROM "Provider" WHERE "sandboxOfId" IS NOT NULL);
UPDATE "ChannelRequest" SET "sandbox" = true
WHERE "channelId" IN (SELECT "id" FROM "Channel" WHERE "sandbox");

-- Written by the database, whoever inserts (Prisma, the batched writers of lib/db, the bench's
-- seeders): the app never sets the column, so no writer can forget it. A provider never changes
-- between live and sandbox, nor a channel its provider, nor a request its channel. Each trigger
-- corrects only a sandbox's rows (a key lookup for every insert, an update for the sandbox's).
CREATE TRIGGER "Channel_sandbox_insert" AFTER INSERT ON "Channel"
WHEN (new."sandbox" = 0) = (SELECT "sandboxOfId" IS NOT NULL FROM "Provider" WHERE "id" = new."providerId")
BEGIN
  UPDATE "Channel" SET "sandbox" = NOT new."sandbox" WHERE "rowid" = new."rowid";
END;
CREATE TRIGGER "ChannelRequest_sandbox_insert" AFTER INSERT ON "ChannelRequest"
WHEN new."sandbox" <> (SELECT "sandbox" FROM "Channel" WHERE "id" = new."channelId")
BEGIN
  UPDATE "ChannelRequest" SET "sandbox" = NOT new."sandbox" WHERE "rowid" = new."rowid";
END;

-- The lists' indexes, led by the live/sandbox line.
DROP INDEX "Channel_updatedAt_idx";
DROP INDEX "Channel_status_updatedAt_idx";
DROP INDEX "Channel_isApproved_updatedAt_idx";
DROP INDEX "ChannelRequest_state_requestedAt_idx";
DROP INDEX "ChannelRequest_requestedAt_idx";
CREATE INDEX "Channel_sandbox_updatedAt_idx" ON "Channel"("sandbox", "updatedAt");
CREATE INDEX "Channel_sandbox_status_updatedAt_idx" ON "Channel"("sandbox", "status", "updatedAt");
CREATE INDEX "Channel_sandbox_isApproved_updatedAt_idx" ON "Channel"("sandbox", "isApproved", "updatedAt");
CREATE INDEX "ChannelRequest_sandbox_state_requestedAt_idx" ON "ChannelRequest"("sandbox", "state", "requestedAt");
CREATE INDEX "ChannelRequest_sandbox_requestedAt_idx" ON "ChannelRequest"("sandbox", "requestedAt");

-- Statistics for the new indexes (as 20261124100000_channel_search_index seeds them, and left alone
-- where ANALYZE measured them): their first column holds one value for nearly every row. Without
-- these, SQLite takes sandbox = 0 for 10 rows and would read a provider's channels (the console's
-- provider filter) through the sandbox index, every live channel, instead of the provider's index.
INSERT INTO sqlite_stat1 ("tbl", "idx", "stat")
SELECT "tbl", "idx", "stat" FROM (
    SELECT 'Channel' AS "tbl", 'Channel_sandbox_updatedAt_idx' AS "idx", '1000000 1000000 1' AS "stat"
    UNION ALL SELECT 'Channel', 'Channel_sandbox_status_updatedAt_idx', '1000000 1000000 330000 1'
    UNION ALL SELECT 'Channel', 'Channel_sandbox_isApproved_updatedAt_idx', '1000000 1000000 500000 1'
    UNION ALL SELECT 'ChannelRequest', 'ChannelRequest_sandbox_state_requestedAt_idx', '1000000 1000000 250000 1'
    UNION ALL SELECT 'ChannelRequest', 'ChannelRequest_sandbox_requestedAt_idx', '1000000 1000000 1'
) AS "new"
WHERE NOT EXISTS (SELECT 1 FROM sqlite_stat1 AS "old" WHERE "old"."idx" = "new"."idx");
