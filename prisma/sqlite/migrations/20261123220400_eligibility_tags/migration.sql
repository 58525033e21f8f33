-- Eligibility's first pass reads the approved availability as tags (lib/domain/channels/columns.ts
-- eligibilityTags, written with approvedContent) instead of parsing every approved channel's JSON.
-- ADD COLUMN, not a table rebuild: the search triggers on Channel stay as they are.
ALTER TABLE "Channel" ADD COLUMN "eligibilityTags" TEXT NOT NULL DEFAULT ',';

-- Approved channels: the same tags from their approved JSON (a null or absent list gives none).
UPDATE "Channel" SET "eligibilityTags" = ',' || COALESCE((
    SELECT group_concat("tag", ',') || ','
    FROM (
        SELECT 'category:' || "value" AS "tag" FROM json_each("Channel"."approvedContent", '$.availability.categoriesSupported')
        UNION ALL
        SELECT 'country+' || "value" FROM json_each("Channel"."approvedContent", '$.availability.countriesSupported')
        UNION ALL
        SELECT 'country-' || "value" FROM json_each("Channel"."approvedContent", '$.availability.countriesExcluded')
        UNION ALL
        SELECT 'nationality+' || "value" FROM json_each("Channel"."approvedContent", '$.availability.nationalitiesSupported')
        UNION ALL
        SELECT 'nationality-' || "value" FROM json_each("Channel"."approvedContent", '$.availability.nationalitiesExcluded')
        UNION ALL
        SELECT 'kyc+' || "value" FROM json_each("Channel"."approvedContent", '$.availability.kycSupported')
        UNION ALL
        SELECT 'kyc-' || "value" FROM json_each("Channel"."approvedContent", '$.availability.kycExcluded')
        UNION ALL
        SELECT 'currency+' || "value" FROM json_each("Channel"."approvedContent", '$.availability.currenciesSupported')
        UNION ALL
        SELECT 'currency-' || "value" FROM json_each("Channel"."approvedContent", '$.availability.currenciesExcluded')
    )
    WHERE "tag" IS NOT NULL
), '')
WHERE "approvedContent" IS NOT NULL;
