-- The console filters channels by category and country: tags of the requested availability,
-- written by the app with requestedContent (lib/domain/channel-tags.ts).
ALTER TABLE "Channel" ADD COLUMN "availabilityTags" TEXT NOT NULL DEFAULT ',';

-- Existing channels: the same tags from their JSON (a null or absent list gives none).
UPDATE "Channel" SET "availabilityTags" = ',' || COALESCE((
    SELECT string_agg("tag", ',') || ','
    FROM (
        SELECT 'category:' || "value" AS "tag"
        FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."requestedContent"::jsonb #> '{availability,categoriesSupported}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'supported:' || "value"
        FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."requestedContent"::jsonb #> '{availability,countriesSupported}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'excluded:' || "value"
        FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."requestedContent"::jsonb #> '{availability,countriesExcluded}', 'null'::jsonb), '[]'::jsonb))
    ) AS "tags"
), '');
