-- Issue 12: roles (User.role becomes User.roles, space-separated) and the chained audit trail.
-- An administrator keeps what the console let them do (except approving payments, a new role) and,
-- when they belong to a provider organisation, its portal as its owner. A provider user becomes the
-- owner of their organisation.
ALTER TABLE "User" RENAME COLUMN "role" TO "roles";
ALTER TABLE "User" ALTER COLUMN "roles" SET DEFAULT 'viewer';
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
UPDATE "AuditEntry" SET "seq" = numbered.position FROM
  (SELECT "id", ROW_NUMBER() OVER (ORDER BY "at", "id") AS position FROM "AuditEntry") AS numbered
  WHERE numbered."id" = "AuditEntry"."id";
ALTER TABLE "AuditEntry" ALTER COLUMN "seq" DROP DEFAULT;
CREATE UNIQUE INDEX "AuditEntry_seq_key" ON "AuditEntry"("seq");
CREATE INDEX "AuditEntry_actorId_at_idx" ON "AuditEntry"("actorId", "at");
CREATE INDEX "AuditEntry_action_at_idx" ON "AuditEntry"("action", "at");

CREATE TABLE "AuditHead" (
    "id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "chainFrom" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "AuditHead_pkey" PRIMARY KEY ("id")
);
INSERT INTO "AuditHead" ("id", "seq", "hash", "chainFrom")
  SELECT 1, COUNT(*), '', COUNT(*) FROM "AuditEntry";
