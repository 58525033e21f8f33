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

    CONSTRAINT "ProgramChannelSpending_pkey" PRIMARY KEY ("programId","channelId")
);
ALTER TABLE "ProgramChannelSpending" ADD CONSTRAINT "ProgramChannelSpending_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ProgramChannelSpending" ADD CONSTRAINT "ProgramChannelSpending_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by the database, whoever writes requests (a send, an approval or rejection, Delivery/Sync, the
-- sandbox, the bench's seeders). A request never moves to another program or channel. A request
-- leaving the reserving states takes its figures out, one entering them adds its own. Every writer
-- of a request locks this row before the budget accounts (a send first of all, lockSpending in
-- lib/domain/budgets.ts, a rejection and a Sync update their requests before they release), so the
-- order adds no deadlock. The body is an E'' string with \073 for the semicolon: Prisma's migrate splits a
-- migration into statements at every semicolon.
CREATE FUNCTION "program_channel_spending"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' AND OLD."approvalState" IN (''SENT'', ''PENDING_APPROVAL'') THEN
    UPDATE "ProgramChannelSpending" SET
      "requests" = "requests" - 1,
      "sentMinor" = "sentMinor" - OLD."totalMinor",
      "deliveredMinor" = "deliveredMinor" - OLD."deliveredMinor",
      "revertedMinor" = "revertedMinor" - OLD."revertedMinor"
      WHERE "programId" = OLD."programId" AND "channelId" = OLD."channelId"\073
  END IF\073
  IF TG_OP <> ''DELETE'' AND NEW."approvalState" IN (''SENT'', ''PENDING_APPROVAL'') THEN
    INSERT INTO "ProgramChannelSpending" AS s
      ("programId", "channelId", "requests", "sentMinor", "deliveredMinor", "revertedMinor")
      VALUES (NEW."programId", NEW."channelId", 1, NEW."totalMinor", NEW."deliveredMinor", NEW."revertedMinor")
      ON CONFLICT ("programId", "channelId") DO UPDATE SET
        "requests" = s."requests" + 1,
        "sentMinor" = s."sentMinor" + EXCLUDED."sentMinor",
        "deliveredMinor" = s."deliveredMinor" + EXCLUDED."deliveredMinor",
        "revertedMinor" = s."revertedMinor" + EXCLUDED."revertedMinor"\073
  END IF\073
  RETURN NULL\073
END';
CREATE TRIGGER "DeliveryRequest_spending" AFTER INSERT OR DELETE ON "DeliveryRequest"
FOR EACH ROW EXECUTE FUNCTION "program_channel_spending"();
CREATE TRIGGER "DeliveryRequest_spending_update"
AFTER UPDATE OF "approvalState", "totalMinor", "deliveredMinor", "revertedMinor" ON "DeliveryRequest"
FOR EACH ROW
WHEN (OLD."approvalState" IS DISTINCT FROM NEW."approvalState"
  OR OLD."totalMinor" IS DISTINCT FROM NEW."totalMinor"
  OR OLD."deliveredMinor" IS DISTINCT FROM NEW."deliveredMinor"
  OR OLD."revertedMinor" IS DISTINCT FROM NEW."revertedMinor")
EXECUTE FUNCTION "program_channel_spending"();

INSERT INTO "ProgramChannelSpending"
  ("programId", "channelId", "requests", "sentMinor", "deliveredMinor", "revertedMinor")
  SELECT "programId", "channelId", COUNT(*), SUM("totalMinor"), SUM("deliveredMinor"), SUM("revertedMinor")
  FROM "DeliveryRequest" WHERE "approvalState" IN ('SENT', 'PENDING_APPROVAL')
  GROUP BY "programId", "channelId";
