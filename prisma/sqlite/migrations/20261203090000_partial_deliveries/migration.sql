-- Issue 32, item 1: a delivery reported delivered in part (the deliveryAmount of Delivery/Sync) keeps what
-- was delivered, and its request and the spending of its program keep what was not (given back to the
-- budgets). The spending triggers of 20261126100000_program_spending grow the new sum.
ALTER TABLE "Delivery" ADD COLUMN "deliveredAmountMinor" BIGINT;
ALTER TABLE "DeliveryRequest" ADD COLUMN "undeliveredMinor" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "ProgramChannelSpending" ADD COLUMN "undeliveredMinor" BIGINT NOT NULL DEFAULT 0;

-- Deliveries counted delivered before were delivered whole.
UPDATE "Delivery" SET "deliveredAmountMinor" = "amountMinor" WHERE "deliveredAt" IS NOT NULL;

DROP TRIGGER "DeliveryRequest_spending_insert";
DROP TRIGGER "DeliveryRequest_spending_delete";
DROP TRIGGER "DeliveryRequest_spending_update";
CREATE TRIGGER "DeliveryRequest_spending_insert" AFTER INSERT ON "DeliveryRequest"
WHEN new."approvalState" IN ('SENT', 'PENDING_APPROVAL')
BEGIN
    INSERT INTO "ProgramChannelSpending"
      ("programId", "channelId", "requests", "sentMinor", "deliveredMinor", "revertedMinor", "undeliveredMinor")
      VALUES (new."programId", new."channelId", 1, new."totalMinor", new."deliveredMinor", new."revertedMinor",
        new."undeliveredMinor")
      ON CONFLICT ("programId", "channelId") DO UPDATE SET
        "requests" = "requests" + 1,
        "sentMinor" = "sentMinor" + excluded."sentMinor",
        "deliveredMinor" = "deliveredMinor" + excluded."deliveredMinor",
        "revertedMinor" = "revertedMinor" + excluded."revertedMinor",
        "undeliveredMinor" = "undeliveredMinor" + excluded."undeliveredMinor";
END;
CREATE TRIGGER "DeliveryRequest_spending_delete" AFTER DELETE ON "DeliveryRequest"
WHEN old."approvalState" IN ('SENT', 'PENDING_APPROVAL')
BEGIN
    UPDATE "ProgramChannelSpending" SET
      "requests" = "requests" - 1,
      "sentMinor" = "sentMinor" - old."totalMinor",
      "deliveredMinor" = "deliveredMinor" - old."deliveredMinor",
      "revertedMinor" = "revertedMinor" - old."revertedMinor",
      "undeliveredMinor" = "undeliveredMinor" - old."undeliveredMinor"
      WHERE "programId" = old."programId" AND "channelId" = old."channelId";
END;
CREATE TRIGGER "DeliveryRequest_spending_update"
AFTER UPDATE OF "approvalState", "totalMinor", "deliveredMinor", "revertedMinor", "undeliveredMinor"
ON "DeliveryRequest"
BEGIN
    UPDATE "ProgramChannelSpending" SET
      "requests" = "requests" - 1,
      "sentMinor" = "sentMinor" - old."totalMinor",
      "deliveredMinor" = "deliveredMinor" - old."deliveredMinor",
      "revertedMinor" = "revertedMinor" - old."revertedMinor",
      "undeliveredMinor" = "undeliveredMinor" - old."undeliveredMinor"
      WHERE "programId" = old."programId" AND "channelId" = old."channelId"
        AND old."approvalState" IN ('SENT', 'PENDING_APPROVAL');
    INSERT INTO "ProgramChannelSpending"
      ("programId", "channelId", "requests", "sentMinor", "deliveredMinor", "revertedMinor", "undeliveredMinor")
      SELECT new."programId", new."channelId", 1, new."totalMinor", new."deliveredMinor", new."revertedMinor",
        new."undeliveredMinor"
      WHERE new."approvalState" IN ('SENT', 'PENDING_APPROVAL')
      ON CONFLICT ("programId", "channelId") DO UPDATE SET
        "requests" = "requests" + 1,
        "sentMinor" = "sentMinor" + excluded."sentMinor",
        "deliveredMinor" = "deliveredMinor" + excluded."deliveredMinor",
        "revertedMinor" = "revertedMinor" + excluded."revertedMinor",
        "undeliveredMinor" = "undeliveredMinor" + excluded."undeliveredMinor";
END;
