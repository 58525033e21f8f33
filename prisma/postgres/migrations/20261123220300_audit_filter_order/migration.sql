-- The audit page lists entries newest first by chain position (seq): each filter's index ends with
-- seq, so a filtered page reads its 50 entries from the index instead of sorting every match.
-- DropIndex
DROP INDEX "AuditEntry_subjectType_subjectId_idx";

-- DropIndex
DROP INDEX "AuditEntry_actorId_at_idx";

-- DropIndex
DROP INDEX "AuditEntry_action_at_idx";

-- CreateIndex
CREATE INDEX "AuditEntry_subjectType_subjectId_seq_idx" ON "AuditEntry"("subjectType", "subjectId", "seq");

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_seq_idx" ON "AuditEntry"("actorId", "seq");

-- CreateIndex
CREATE INDEX "AuditEntry_action_seq_idx" ON "AuditEntry"("action", "seq");
