-- Issue 16: an index behind the eligibility search's criteria. Its first pass matched
-- Channel.eligibilityTags with LIKE, which no index serves: criteria few channels meet read every
-- approved ONLINE channel (some 700,000 at bench:scale's largest size) before the page was known to
-- be short. EligibilityTag holds one row per tag, so the channels with a tag are an index range
-- (lib/domain/eligibility.ts reads the smallest one when it is short).

-- A criterion whose supported list is absent or empty does not restrict: its channels are tagged so
-- (NOT_RESTRICTED, lib/domain/channels/columns.ts), so that a search looks them up too.
UPDATE "Channel" SET "eligibilityTags" = "eligibilityTags"
  || CASE WHEN "eligibilityTags" LIKE '%,country+%' THEN '' ELSE 'country+*,' END
  || CASE WHEN "eligibilityTags" LIKE '%,nationality+%' THEN '' ELSE 'nationality+*,' END
  || CASE WHEN "eligibilityTags" LIKE '%,kyc+%' THEN '' ELSE 'kyc+*,' END
  || CASE WHEN "eligibilityTags" LIKE '%,currency+%' THEN '' ELSE 'currency+*,' END
WHERE "approvedContent" IS NOT NULL;

CREATE TABLE "EligibilityTag" (
    "channelId" TEXT NOT NULL,
    "tag" TEXT NOT NULL,
    CONSTRAINT "EligibilityTag_pkey" PRIMARY KEY ("channelId", "tag")
);
CREATE INDEX "EligibilityTag_tag_channelId_idx" ON "EligibilityTag"("tag", "channelId");
ALTER TABLE "EligibilityTag" ADD CONSTRAINT "EligibilityTag_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by the database, whoever writes a channel, from the column the app computes: the tags between
-- its commas. The body is an E'' string with \073 for the semicolon: Prisma's migrate splits a
-- migration into statements at every semicolon.
CREATE FUNCTION "channel_eligibility_tags"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''UPDATE'' THEN
    IF NEW."eligibilityTags" IS NOT DISTINCT FROM OLD."eligibilityTags" THEN
      RETURN NULL\073
    END IF\073
    DELETE FROM "EligibilityTag" WHERE "channelId" = NEW."id"\073
  END IF\073
  INSERT INTO "EligibilityTag" ("channelId", "tag")
  SELECT DISTINCT NEW."id", "tag" FROM unnest(string_to_array(NEW."eligibilityTags", '','')) AS "tag"
  WHERE "tag" <> ''''\073
  RETURN NULL\073
END';
CREATE TRIGGER "Channel_eligibility_tags" AFTER INSERT OR UPDATE OF "eligibilityTags" ON "Channel"
FOR EACH ROW EXECUTE FUNCTION "channel_eligibility_tags"();

INSERT INTO "EligibilityTag" ("channelId", "tag")
SELECT DISTINCT "Channel"."id", "tag" FROM "Channel",
  unnest(string_to_array("Channel"."eligibilityTags", ',')) AS "tag"
WHERE "tag" <> '';
