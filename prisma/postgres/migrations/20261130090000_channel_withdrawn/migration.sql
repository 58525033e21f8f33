-- Issue 30, finding 9: a provider may withdraw its channel's pending request (ChannelRequest.state
-- WITHDRAWN, a text column without a CHECK, so no change there). The channel remembers when, so that a
-- never-approved channel whose create was withdrawn reads as withdrawn, not as a mystery.
ALTER TABLE "Channel" ADD COLUMN "withdrawnAt" TIMESTAMP(3);
