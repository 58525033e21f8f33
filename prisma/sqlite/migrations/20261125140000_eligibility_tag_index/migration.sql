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
    PRIMARY KEY ("channelId", "tag"),
    CONSTRAINT "EligibilityTag_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "EligibilityTag_tag_channelId_idx" ON "EligibilityTag"("tag", "channelId");

-- Kept by the database, whoever writes a channel, from the column the app computes: the tags between
-- its commas (codes, never a quote or a backslash, so they make a JSON array as they are).
CREATE TRIGGER "Channel_eligibility_insert" AFTER INSERT ON "Channel"
BEGIN
  INSERT INTO "EligibilityTag" ("channelId", "tag")
  SELECT DISTINCT new."id", "value" FROM json_each('["' || replace(trim(new."eligibilityTags", ','), ',', '","') || '"]')
  WHERE "value" <> '';
END;
CREATE TRIGGER "Channel_eligibility_update" AFTER UPDATE OF "eligibilityTags" ON "Channel"
WHEN old."eligibilityTags" IS NOT new."eligibilityTags"
BEGIN
  DELETE FROM "EligibilityTag" WHERE "channelId" = new."id";
  INSERT INTO "EligibilityTag" ("channelId", "tag")
  SELECT DISTINCT new."id", "value" FROM json_each('["' || replace(trim(new."eligibilityTags", ','), ',', '","') || '"]')
  WHERE "value" <> '';
END;

INSERT INTO "EligibilityTag" ("channelId", "tag")
SELECT DISTINCT "Channel"."id", "value" FROM "Channel",
  json_each('["' || replace(trim("Channel"."eligibilityTags", ','), ',', '","') || '"]')
WHERE "value" <> '';
