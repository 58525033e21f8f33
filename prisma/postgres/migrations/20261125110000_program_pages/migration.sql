-- Issue 16: the program and provider lists are paged by cursor like every other list, each in the
-- order of an index, and a program's requests are counted by the database as they are written
-- instead of on every page (GET /programs counted all of each program's requests: 2.1x at ten
-- million deliveries, bench:scale).
ALTER TABLE "Program" ADD COLUMN "requestCount" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "Program_sandboxFor_createdAt_id_idx" ON "Program"("sandboxFor", "createdAt", "id");
CREATE INDEX "Provider_sandboxOfId_name_id_idx" ON "Provider"("sandboxOfId", "name", "id");

-- Kept by the database, whoever writes requests (a send, the sandbox, the bench's seeders), so no
-- writer can forget it. A request never moves to another program. A send already holds its program's
-- budget, so the program row's lock adds no wait. The bodies are E'' strings with \073 for the
-- semicolon: Prisma's migrate splits a migration into statements at every semicolon.
CREATE FUNCTION "program_request_count"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    UPDATE "Program" SET "requestCount" = "requestCount" + 1 WHERE "id" = NEW."programId"\073
  ELSE
    UPDATE "Program" SET "requestCount" = "requestCount" - 1 WHERE "id" = OLD."programId"\073
  END IF\073
  RETURN NULL\073
END';
CREATE TRIGGER "DeliveryRequest_count" AFTER INSERT OR DELETE ON "DeliveryRequest"
FOR EACH ROW EXECUTE FUNCTION "program_request_count"();

UPDATE "Program" SET "requestCount" =
  (SELECT COUNT(*) FROM "DeliveryRequest" WHERE "DeliveryRequest"."programId" = "Program"."id");
