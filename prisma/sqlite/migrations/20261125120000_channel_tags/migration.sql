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
    PRIMARY KEY ("channelId", "tag"),
    CONSTRAINT "ChannelTag_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "ChannelTag_tag_channelId_idx" ON "ChannelTag"("tag", "channelId");

-- Kept by the database, whoever writes a channel (Prisma, the batched writers of lib/db, the bench's
-- seeders), from the column the app computes: the tags between its commas. Tags are codes (a
-- category, a country), never a quote or a backslash, so they make a JSON array as they are.
CREATE TRIGGER "Channel_tags_insert" AFTER INSERT ON "Channel"
BEGIN
  INSERT INTO "ChannelTag" ("channelId", "tag")
  SELECT DISTINCT new."id", "value" FROM json_each('["' || replace(trim(new."availabilityTags", ','), ',', '","') || '"]')
  WHERE "value" <> '';
END;
CREATE TRIGGER "Channel_tags_update" AFTER UPDATE OF "availabilityTags" ON "Channel"
WHEN old."availabilityTags" IS NOT new."availabilityTags"
BEGIN
  DELETE FROM "ChannelTag" WHERE "channelId" = new."id";
  INSERT INTO "ChannelTag" ("channelId", "tag")
  SELECT DISTINCT new."id", "value" FROM json_each('["' || replace(trim(new."availabilityTags", ','), ',', '","') || '"]')
  WHERE "value" <> '';
END;

CREATE INDEX "Channel_rejected_sandbox_updatedAt_id_idx" ON "Channel"("sandbox", "updatedAt", "id")
WHERE "rejectionReason" IS NOT NULL;

INSERT INTO "ChannelTag" ("channelId", "tag")
SELECT DISTINCT "Channel"."id", "value" FROM "Channel",
  json_each('["' || replace(trim("Channel"."availabilityTags", ','), ',', '","') || '"]')
WHERE "value" <> '';

