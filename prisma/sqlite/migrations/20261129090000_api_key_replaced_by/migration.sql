-- Issue 30, finding 7: a rolled key names its successor, so the portal warns about a key nobody has
-- rolled (not the old key of a roll, which is meant to expire) and tells the two keys apart.
ALTER TABLE "ApiKey" ADD COLUMN "replacedById" TEXT;
