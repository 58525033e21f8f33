-- The console filters channels by category and country: tags of the requested availability,
-- written by the app with requestedContent (lib/domain/channel-tags.ts). ADD COLUMN instead of
-- Prisma's table rebuild: same resulting table, no copy of every row.
ALTER TABLE "Channel" ADD COLUMN "availabilityTags" TEXT NOT NULL DEFAULT ',';

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
