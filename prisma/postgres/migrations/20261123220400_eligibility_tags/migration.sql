-- Eligibility's first pass reads the approved availability as tags (lib/domain/channels/columns.ts
-- eligibilityTags, written with approvedContent) instead of parsing every approved channel's JSON.
-- ADD COLUMN, not a table rebuild: the search triggers on Channel stay as they are.
ALTER TABLE "Channel" ADD COLUMN "eligibilityTags" TEXT NOT NULL DEFAULT ',';

-- Approved channels: the same tags from their approved JSON (a null or absent list gives none).
UPDATE "Channel" SET "eligibilityTags" = ',' || COALESCE((
    SELECT string_agg("tag", ',') || ','
    FROM (
        SELECT 'category:' || "value" AS "tag" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,categoriesSupported}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'country+' || "value" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,countriesSupported}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'country-' || "value" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,countriesExcluded}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'nationality+' || "value" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,nationalitiesSupported}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'nationality-' || "value" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,nationalitiesExcluded}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'kyc+' || "value" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,kycSupported}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'kyc-' || "value" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,kycExcluded}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'currency+' || "value" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,currenciesSupported}', 'null'::jsonb), '[]'::jsonb))
        UNION ALL
        SELECT 'currency-' || "value" FROM jsonb_array_elements_text(COALESCE(NULLIF("Channel"."approvedContent"::jsonb #> '{availability,currenciesExcluded}', 'null'::jsonb), '[]'::jsonb))
    ) AS "tags"
), '')
WHERE "approvedContent" IS NOT NULL;
