-- What the portals filter and search channels by, written by the app with requestedContent
-- (lib/domain/channel-filters.ts): tags of the requested availability, and the searchable words.
ALTER TABLE "Channel" ADD COLUMN "availabilityTags" TEXT NOT NULL DEFAULT ',';
ALTER TABLE "Channel" ADD COLUMN "searchText" TEXT NOT NULL DEFAULT '';

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

-- Existing channels: the same words.
UPDATE "Channel" SET "searchText" = lower(COALESCE((
    SELECT string_agg("word", E'\n')
    FROM (
        SELECT "Channel"."providerDeliveryChannelId" AS "word"
        UNION ALL SELECT "Channel"."requestedContent"::jsonb #>> '{name,translation}'
        UNION ALL SELECT "Channel"."requestedContent"::jsonb #>> '{shortDescription,translation}'
        UNION ALL SELECT "Channel"."requestedContent"::jsonb #>> '{landingPage}'
        UNION ALL SELECT "value" #>> '{}' FROM jsonb_path_query("Channel"."requestedContent"::jsonb, '$.contacts[*].*') AS "value"
            WHERE jsonb_typeof("value") = 'string'
        UNION ALL SELECT "value" #>> '{}' FROM jsonb_path_query("Channel"."requestedContent"::jsonb, '$.callCenter.*') AS "value"
            WHERE jsonb_typeof("value") = 'string'
        UNION ALL SELECT "value" #>> '{}' FROM jsonb_path_query("Channel"."requestedContent"::jsonb, '$.deliveryOptions[*].fieldLabel') AS "value"
            WHERE jsonb_typeof("value") = 'string'
        UNION ALL SELECT "value" #>> '{}' FROM jsonb_path_query("Channel"."requestedContent"::jsonb, '$.deliveryOptions[*].fieldName') AS "value"
            WHERE jsonb_typeof("value") = 'string'
    ) AS "words"
    WHERE "word" IS NOT NULL AND "word" <> ''
), ''));
