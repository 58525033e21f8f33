-- Issue 12: audit entries are append-only in the database itself, not only by convention: an UPDATE
-- or DELETE of a row fails. Someone with the database's own access can drop these triggers, which is
-- why the entries are also chained (npm run audit:verify).
CREATE TRIGGER "AuditEntry_append_only_update" BEFORE UPDATE ON "AuditEntry"
BEGIN
  SELECT RAISE(ABORT, 'audit entries are append-only');
END;
CREATE TRIGGER "AuditEntry_append_only_delete" BEFORE DELETE ON "AuditEntry"
BEGIN
  SELECT RAISE(ABORT, 'audit entries are append-only');
END;
