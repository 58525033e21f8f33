-- Issue 16: an index behind the approval queue's and the request list's provider and kind filters.
-- The provider filter joined each request's channel and kind was checked on each row read in the
-- list's order, so a provider with nothing pending made the queue read every pending request.
-- ChannelRequest.providerId says it on the row itself, written by the database (a channel never
-- changes provider), and each filter has an index in the list's order.
ALTER TABLE "ChannelRequest" ADD COLUMN "providerId" TEXT NOT NULL DEFAULT '';

-- The body is an E'' string with \073 for the semicolon: Prisma's migrate splits at every semicolon.
CREATE FUNCTION "channel_request_provider"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."providerId" := COALESCE((SELECT "providerId" FROM "Channel" WHERE "id" = NEW."channelId"), '''')\073
  RETURN NEW\073
END';
CREATE TRIGGER "ChannelRequest_provider" BEFORE INSERT OR UPDATE OF "providerId", "channelId" ON "ChannelRequest"
FOR EACH ROW EXECUTE FUNCTION "channel_request_provider"();

CREATE INDEX "ChannelRequest_sandbox_providerId_state_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "providerId", "state", "requestedAt", "id");
CREATE INDEX "ChannelRequest_sandbox_providerId_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "providerId", "requestedAt", "id");
CREATE INDEX "ChannelRequest_sandbox_state_kind_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "state", "kind", "requestedAt", "id");
CREATE INDEX "ChannelRequest_sandbox_kind_requestedAt_id_idx" ON "ChannelRequest"("sandbox", "kind", "requestedAt", "id");

UPDATE "ChannelRequest" SET "providerId" = (SELECT "providerId" FROM "Channel" WHERE "Channel"."id" = "ChannelRequest"."channelId");
