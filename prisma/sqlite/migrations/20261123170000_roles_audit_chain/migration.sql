-- Issue 12: roles (User.role becomes User.roles, space-separated) and the chained audit trail.
-- An administrator keeps what the console let them do (except approving payments, a new role) and,
-- when they belong to a provider organisation, its portal as its owner. A provider user becomes the
-- owner of their organisation.
ALTER TABLE "User" RENAME COLUMN "role" TO "roles";
UPDATE "User" SET "roles" = CASE
  WHEN "roles" = 'admin' AND "providerId" IS NOT NULL THEN 'administrator reviewer program_manager owner'
  WHEN "roles" = 'admin' THEN 'administrator reviewer program_manager'
  ELSE 'owner' END;

-- Existing entries get their positions in time order and stay unchained (AuditHead.chainFrom).
ALTER TABLE "AuditEntry" ADD COLUMN "seq" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "AuditEntry" ADD COLUMN "actorType" TEXT NOT NULL DEFAULT 'user';
ALTER TABLE "AuditEntry" ADD COLUMN "before" TEXT;
ALTER TABLE "AuditEntry" ADD COLUMN "after" TEXT;
ALTER TABLE "AuditEntry" ADD COLUMN "requestId" TEXT;
ALTER TABLE "AuditEntry" ADD COLUMN "prevHash" TEXT NOT NULL DEFAULT '';
ALTER TABLE "AuditEntry" ADD COLUMN "hash" TEXT NOT NULL DEFAULT '';
UPDATE "AuditEntry" SET "seq" = (SELECT COUNT(*) FROM "AuditEntry" AS earlier
  WHERE earlier."at" < "AuditEntry"."at" OR (earlier."at" = "AuditEntry"."at" AND earlier."id" <= "AuditEntry"."id"));
CREATE UNIQUE INDEX "AuditEntry_seq_key" ON "AuditEntry"("seq");
CREATE INDEX "AuditEntry_actorId_at_idx" ON "AuditEntry"("actorId", "at");
CREATE INDEX "AuditEntry_action_at_idx" ON "AuditEntry"("action", "at");

CREATE TABLE "AuditHead" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "seq" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "chainFrom" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "AuditHead" ("id", "seq", "hash", "chainFrom")
  SELECT 1, COUNT(*), '', COUNT(*) FROM "AuditEntry";
