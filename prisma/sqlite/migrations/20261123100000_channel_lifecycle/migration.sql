-- The channel lifecycle (issue 10). A rejection is a visible state of the channel until its next
-- request: the reason of the newest request, if that was rejected.
ALTER TABLE "Channel" ADD COLUMN "rejectionReason" TEXT;

UPDATE "Channel" SET "rejectionReason" = (
    SELECT "reason" FROM "ChannelRequest" AS r WHERE r."channelId" = "Channel"."id"
    ORDER BY r."requestedAt" DESC, r."id" DESC LIMIT 1
)
WHERE (
    SELECT "state" FROM "ChannelRequest" AS r WHERE r."channelId" = "Channel"."id"
    ORDER BY r."requestedAt" DESC, r."id" DESC LIMIT 1
) = 'REJECTED';

-- Channels stranded by the old rule: an update-status approved while the channel had never been
-- approved left it unapproved with nothing pending (and an "Approved" event already sent). Approving
-- a request now approves its body, so apply what that approval would have done.
UPDATE "Channel" SET
    "approvedContent" = (
        SELECT "body" FROM "ChannelRequest" AS r WHERE r."channelId" = "Channel"."id"
        ORDER BY r."requestedAt" DESC, r."id" DESC LIMIT 1
    ),
    "isApproved" = 1,
    "status" = CASE WHEN "status" = 'REQUESTED' THEN 'ONLINE' ELSE "status" END
WHERE "approvedContent" IS NULL AND (
    SELECT "state" FROM "ChannelRequest" AS r WHERE r."channelId" = "Channel"."id"
    ORDER BY r."requestedAt" DESC, r."id" DESC LIMIT 1
) = 'APPROVED';

-- Channels created since 20261122180000_channel_filters and never updated: create did not write
-- their search text. The same words as that migration computes.
UPDATE "Channel" SET "searchText" = lower(COALESCE((
    SELECT group_concat("word", char(10))
    FROM (
        SELECT "Channel"."providerDeliveryChannelId" AS "word"
        UNION ALL SELECT json_extract("Channel"."requestedContent", '$.name.translation')
        UNION ALL SELECT json_extract("Channel"."requestedContent", '$.shortDescription.translation')
        UNION ALL SELECT json_extract("Channel"."requestedContent", '$.landingPage')
        UNION ALL SELECT "value" FROM json_tree("Channel"."requestedContent", '$.contacts') WHERE "type" = 'text'
        UNION ALL SELECT "value" FROM json_tree("Channel"."requestedContent", '$.callCenter') WHERE "type" = 'text'
        UNION ALL SELECT "value" FROM json_tree("Channel"."requestedContent", '$.deliveryOptions')
            WHERE "type" = 'text' AND "key" IN ('fieldLabel', 'fieldName')
    )
    WHERE "word" IS NOT NULL AND "word" <> ''
), ''))
WHERE "searchText" = '';
