-- Issue 30, finding 9: a provider may retire a channel it no longer offers. It goes OFFLINE for good
-- and the channel remembers when, so that no request is filed for it again and every page reads it as
-- retired.
ALTER TABLE "Channel" ADD COLUMN "retiredAt" DATETIME;
