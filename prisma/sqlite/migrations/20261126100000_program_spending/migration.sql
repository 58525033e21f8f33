-- Issue 16: a program's page stays flat as the program sends for years (bench:scale, PostgreSQL:
-- 3.15x at ten thousand requests).
--  1. The budget burn-down's probes (lib/domain/burn-down.ts) read the latest movement at or before a
--     time, ties by id: with id in the index each probe reads one entry instead of sorting.
--  2. The spending per channel (programSpending, lib/domain/programs.ts) summed every request of the
--     program: the database now keeps the sums per (program, channel) as requests are written.
--     The requests counted are those whose amounts stay reserved: SENT and PENDING_APPROVAL
--     (rejected and expired requests released theirs, lib/domain/payment-approvals.ts).
DROP INDEX "BudgetMovement_accountId_at_idx";
CREATE INDEX "BudgetMovement_accountId_at_id_idx" ON "BudgetMovement"("accountId", "at", "id");

CREATE TABLE "ProgramChannelSpending" (
    "programId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "sentMinor" BIGINT NOT NULL DEFAULT 0,
    "deliveredMinor" BIGINT NOT NULL DEFAULT 0,
    "revertedMinor" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("programId", "channelId"),
    CONSTRAINT "ProgramChannelSpending_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProgramChannelSpending_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Kept by the database, whoever writes requests (a send, an approval or rejection, Delivery/Sync, the
-- sandbox, the bench's seeders). A request never moves to another program or channel. A request
-- leaving the reserving states takes its figures out, one entering them adds its own.
CREATE TRIGGER "DeliveryRequest_spending_insert" AFTER INSERT ON "DeliveryRequest"
WHEN new."approvalState" IN ('SENT', 'PENDING_APPROVAL')
BEGIN
    INSERT INTO "ProgramChannelSpending"
      ("programId", "channelId", "requests", "sentMinor", "deliveredMinor", "revertedMinor")
      VALUES (new."programId", new."channelId", 1, new."totalMinor", new."deliveredMinor", new."revertedMinor")
      ON CONFLICT ("programId", "channelId") DO UPDATE SET
        "requests" = "requests" + 1,
        "sentMinor" = "sentMinor" + excluded."sentMinor",
        "deliveredMinor" = "deliveredMinor" + excluded."deliveredMinor",
        "revertedMinor" = "revertedMinor" + excluded."revertedMinor";
END;
CREATE TRIGGER "DeliveryRequest_spending_delete" AFTER DELETE ON "DeliveryRequest"
WHEN old."approvalState" IN ('SENT', 'PENDING_APPROVAL')
BEGIN
    UPDATE "ProgramChannelSpending" SET
      "requests" = "requests" - 1,
      "sentMinor" = "sentMinor" - old."totalMinor",
      "deliveredMinor" = "deliveredMinor" - old."deliveredMinor",
      "revertedMinor" = "revertedMinor" - old."revertedMinor"
      WHERE "programId" = old."programId" AND "channelId" = old."channelId";
END;
CREATE TRIGGER "DeliveryRequest_spending_update"
AFTER UPDATE OF "approvalState", "totalMinor", "deliveredMinor", "revertedMinor" ON "DeliveryRequest"
BEGIN
    UPDATE "ProgramChannelSpending" SET
      "requests" = "requests" - 1,
      "sentMinor" = "sentMinor" - old."totalMinor",
      "deliveredMinor" = "deliveredMinor" - old."deliveredMinor",
      "revertedMinor" = "revertedMinor" - old."revertedMinor"
      WHERE "programId" = old."programId" AND "channelId" = old."channelId"
        AND old."approvalState" IN ('SENT', 'PENDING_APPROVAL');
    INSERT INTO "ProgramChannelSpending"
      ("programId", "channelId", "requests", "sentMinor", "deliveredMinor", "revertedMinor")
      SELECT new."programId", new."channelId", 1, new."totalMinor", new."deliveredMinor", new."revertedMinor"
      WHERE new."approvalState" IN ('SENT', 'PENDING_APPROVAL')
      ON CONFLICT ("programId", "channelId") DO UPDATE SET
        "requests" = "requests" + 1,
        "sentMinor" = "sentMinor" + excluded."sentMinor",
        "deliveredMinor" = "deliveredMinor" + excluded."deliveredMinor",
        "revertedMinor" = "revertedMinor" + excluded."revertedMinor";
END;

INSERT INTO "ProgramChannelSpending"
  ("programId", "channelId", "requests", "sentMinor", "deliveredMinor", "revertedMinor")
  SELECT "programId", "channelId", COUNT(*), SUM("totalMinor"), SUM("deliveredMinor"), SUM("revertedMinor")
  FROM "DeliveryRequest" WHERE "approvalState" IN ('SENT', 'PENDING_APPROVAL')
  GROUP BY "programId", "channelId";
