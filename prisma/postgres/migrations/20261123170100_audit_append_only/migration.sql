-- Issue 12: audit entries are append-only in the database itself, not only by convention: an UPDATE
-- or DELETE of a row fails, with an error that says so and names the row (the cast of that text to
-- a number is what fails, for each row touched). Rules, not a trigger: the migration
-- runner splits scripts at every semicolon, which a PL/pgSQL body needs. Someone with the
-- database's own access can drop these rules, which is why the entries are also chained
-- (npm run audit:verify).
CREATE RULE "AuditEntry_append_only_update" AS ON UPDATE TO "AuditEntry"
  DO INSTEAD SELECT CAST('audit entries are append-only: ' || OLD."id" AS INTEGER);
CREATE RULE "AuditEntry_append_only_delete" AS ON DELETE TO "AuditEntry"
  DO INSTEAD SELECT CAST('audit entries are append-only: ' || OLD."id" AS INTEGER);
