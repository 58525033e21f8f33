-- Issue 16: an index behind each of the console's channel filters. A category or country filter
-- matched Channel.availabilityTags with LIKE, which no index serves: a page read channels newest first
-- until it had found its rows, every live channel for a country no channel serves (a million at
-- bench:scale's largest size). ChannelTag holds one row per tag, so the channels with a tag are an
-- index range (lib/domain/channels/filters.ts). Rejected channels get a partial index.

-- A channel with no supported countries is available in every country it does not exclude: it is
-- tagged so (EVERY_COUNTRY, lib/domain/channels/columns.ts), so that a country filter looks it up too.
UPDATE "Channel" SET "availabilityTags" = "availabilityTags" || 'supported:*,'
WHERE "availabilityTags" NOT LIKE '%,supported:%';

CREATE TABLE "ChannelTag" (
    "channelId" TEXT NOT NULL,
    "tag" TEXT NOT NULL,
    CONSTRAINT "ChannelTag_pkey" PRIMARY KEY ("channelId", "tag")
);
CREATE INDEX "ChannelTag_tag_channelId_idx" ON "ChannelTag"("tag", "channelId");
ALTER TABLE "ChannelTag" ADD CONSTRAINT "ChannelTag_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by the database, whoever writes a channel (Prisma, the batched writers of lib/db, the bench's
-- seeders), from the column the app computes: the tags between its commas. The body is an E'' string
-- with \073 for the semicolon: Prisma's migrate splits a migration into statements at every semicolon.
CREATE FUNCTION "channel_tags"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''UPDATE'' THEN
    IF NEW."availabilityTags" IS NOT DISTINCT FROM OLD."availabilityTags" THEN
      RETURN NULL\073
    END IF\073
    DELETE FROM "ChannelTag" WHERE "channelId" = NEW."id"\073
  END IF\073
  INSERT INTO "ChannelTag" ("channelId", "tag")
  SELECT DISTINCT NEW."id", "tag" FROM unnest(string_to_array(NEW."availabilityTags", '','')) AS "tag"
  WHERE "tag" <> ''''\073
  RETURN NULL\073
END';
CREATE TRIGGER "Channel_tags" AFTER INSERT OR UPDATE OF "availabilityTags" ON "Channel"
FOR EACH ROW EXECUTE FUNCTION "channel_tags"();

CREATE INDEX "Channel_rejected_sandbox_updatedAt_id_idx" ON "Channel"("sandbox", "updatedAt", "id")
WHERE "rejectionReason" IS NOT NULL;

INSERT INTO "ChannelTag" ("channelId", "tag")
SELECT DISTINCT "Channel"."id", "tag" FROM "Channel",
  unnest(string_to_array("Channel"."availabilityTags", ',')) AS "tag"
WHERE "tag" <> '';
