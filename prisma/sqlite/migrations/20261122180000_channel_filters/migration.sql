-- What the portals filter and search channels by, written by the app with requestedContent
-- (lib/domain/channel-filters.ts): tags of the requested availability, and the searchable words.
-- ADD COLUMN instead of Prisma's table rebuild: the same resulting table, no copy of every row.
ALTER TABLE "Channel" ADD COLUMN "availabilityTags" TEXT NOT NULL DEFAULT ',';
ALTER TABLE "Channel" ADD COLUMN "searchText" TEXT NOT NULL DEFAULT '';

-- Existing channels: the same tags from their JSON (a null or absent list gives none).
UPDATE "Channel" SET "availabilityTags" = ',' || COALESCE((
    SELECT group_concat("tag", ',') || ','
    FROM (
        SELECT 'category:' || "value" AS "tag" FROM json_each("Channel"."requestedContent", '$.availability.categoriesSupported')
        UNION ALL
        SELECT 'supported:' || "value" FROM json_each("Channel"."requestedContent", '$.availability.countriesSupported')
        UNION ALL
        SELECT 'excluded:' || "value" FROM json_each("Channel"."requestedContent", '$.availability.countriesExcluded')
    )
    WHERE "tag" IS NOT NULL
), '');

-- Existing channels: the same words (SQLite's lower() folds ASCII only; the app folds every script).
UPDATE "Channel" SET "searchText" = lower(COALESCE((
    SELECT group_concat("word", char(10))
    FROM (
        SELECT "Channel"."providerDeliveryChannelId" AS "word"
        UNION ALL SELECT json_extract("Channel"."requestedContent", '$.name.translation')
        UNION ALL SELECT json_extract("Channel"."requestedContent", '$.shortDescription.translation')
        UNION ALL SELECT json_extract("Channel"."requestedContent", '$.landingPage')
        UNION ALL SELECT "value" FROM json_tree("Channel"."requestedContent", '$.contacts') WHERE "type" = 'text'
        UNION ALL SELECT "value" FROM json_tree("Channel"."requestedContent", '$.callCenter') WHERE "type" = 'text'
        UNION ALL SELECT "value" FROM json_tree("Channel"."requestedContent", '$.deliveryOptions')
            WHERE "type" = 'text' AND "key" IN ('fieldLabel', 'fieldName')
    )
    WHERE "word" IS NOT NULL AND "word" <> ''
), ''));
