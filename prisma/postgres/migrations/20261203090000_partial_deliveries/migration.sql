-- Issue 32, item 1: a delivery reported delivered in part (the deliveryAmount of Delivery/Sync) keeps what
-- was delivered, and its request and the spending of its program keep what was not (given back to the
-- budgets). The spending trigger of 20261126100000_program_spending grows the new sum.
ALTER TABLE "Delivery" ADD COLUMN "deliveredAmountMinor" BIGINT;
ALTER TABLE "DeliveryRequest" ADD COLUMN "undeliveredMinor" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "ProgramChannelSpending" ADD COLUMN "undeliveredMinor" BIGINT NOT NULL DEFAULT 0;

-- Deliveries counted delivered before were delivered whole.
UPDATE "Delivery" SET "deliveredAmountMinor" = "amountMinor" WHERE "deliveredAt" IS NOT NULL;

CREATE OR REPLACE FUNCTION "program_channel_spending"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' AND OLD."approvalState" IN (''SENT'', ''PENDING_APPROVAL'') THEN
    UPDATE "ProgramChannelSpending" SET
      "requests" = "requests" - 1,
      "sentMinor" = "sentMinor" - OLD."totalMinor",
      "deliveredMinor" = "deliveredMinor" - OLD."deliveredMinor",
      "revertedMinor" = "revertedMinor" - OLD."revertedMinor",
      "undeliveredMinor" = "undeliveredMinor" - OLD."undeliveredMinor"
      WHERE "programId" = OLD."programId" AND "channelId" = OLD."channelId"\073
  END IF\073
  IF TG_OP <> ''DELETE'' AND NEW."approvalState" IN (''SENT'', ''PENDING_APPROVAL'') THEN
    INSERT INTO "ProgramChannelSpending" AS s
      ("programId", "channelId", "requests", "sentMinor", "deliveredMinor", "revertedMinor", "undeliveredMinor")
      VALUES (NEW."programId", NEW."channelId", 1, NEW."totalMinor", NEW."deliveredMinor", NEW."revertedMinor",
        NEW."undeliveredMinor")
      ON CONFLICT ("programId", "channelId") DO UPDATE SET
        "requests" = s."requests" + 1,
        "sentMinor" = s."sentMinor" + EXCLUDED."sentMinor",
        "deliveredMinor" = s."deliveredMinor" + EXCLUDED."deliveredMinor",
        "revertedMinor" = s."revertedMinor" + EXCLUDED."revertedMinor",
        "undeliveredMinor" = s."undeliveredMinor" + EXCLUDED."undeliveredMinor"\073
  END IF\073
  RETURN NULL\073
END';
DROP TRIGGER "DeliveryRequest_spending_update" ON "DeliveryRequest";
CREATE TRIGGER "DeliveryRequest_spending_update"
AFTER UPDATE OF "approvalState", "totalMinor", "deliveredMinor", "revertedMinor", "undeliveredMinor"
ON "DeliveryRequest"
FOR EACH ROW
WHEN (OLD."approvalState" IS DISTINCT FROM NEW."approvalState"
  OR OLD."totalMinor" IS DISTINCT FROM NEW."totalMinor"
  OR OLD."deliveredMinor" IS DISTINCT FROM NEW."deliveredMinor"
  OR OLD."revertedMinor" IS DISTINCT FROM NEW."revertedMinor"
  OR OLD."undeliveredMinor" IS DISTINCT FROM NEW."undeliveredMinor")
EXECUTE FUNCTION "program_channel_spending"();
