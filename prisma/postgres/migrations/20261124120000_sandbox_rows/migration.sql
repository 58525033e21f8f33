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
-- seeders): the app never sets the column, so no writer can forget it, and a value it sends is
-- replaced. A provider never changes between live and sandbox, nor a channel its provider, nor a
-- request its channel. The bodies are E'' strings with \073 for the semicolon: Prisma's migrate
-- splits a migration into statements at every semicolon, dollar quotes or not.
CREATE FUNCTION "channel_sandbox"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."sandbox" := EXISTS (SELECT 1 FROM "Provider" WHERE "id" = NEW."providerId" AND "sandboxOfId" IS NOT NULL)\073
  RETURN NEW\073
END';
CREATE TRIGGER "Channel_sandbox" BEFORE INSERT OR UPDATE OF "sandbox", "providerId" ON "Channel"
FOR EACH ROW EXECUTE FUNCTION "channel_sandbox"();

CREATE FUNCTION "channel_request_sandbox"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."sandbox" := COALESCE((SELECT "sandbox" FROM "Channel" WHERE "id" = NEW."channelId"), false)\073
  RETURN NEW\073
END';
CREATE TRIGGER "ChannelRequest_sandbox" BEFORE INSERT OR UPDATE OF "sandbox", "channelId" ON "ChannelRequest"
FOR EACH ROW EXECUTE FUNCTION "channel_request_sandbox"();

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
