-- Issue 16: the program and provider lists are paged by cursor like every other list, each in the
-- order of an index, and a program's requests are counted by the database as they are written
-- instead of on every page (GET /programs counted all of each program's requests: 2.1x at ten
-- million deliveries, bench:scale).
ALTER TABLE "Program" ADD COLUMN "requestCount" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "Program_sandboxFor_createdAt_id_idx" ON "Program"("sandboxFor", "createdAt", "id");
CREATE INDEX "Provider_sandboxOfId_name_id_idx" ON "Provider"("sandboxOfId", "name", "id");

-- Kept by the database, whoever writes requests (a send, the sandbox, the bench's seeders), so no
-- writer can forget it. A request never moves to another program.
CREATE TRIGGER "DeliveryRequest_count_insert" AFTER INSERT ON "DeliveryRequest"
BEGIN
  UPDATE "Program" SET "requestCount" = "requestCount" + 1 WHERE "id" = new."programId";
END;
CREATE TRIGGER "DeliveryRequest_count_delete" AFTER DELETE ON "DeliveryRequest"
BEGIN
  UPDATE "Program" SET "requestCount" = "requestCount" - 1 WHERE "id" = old."programId";
END;

UPDATE "Program" SET "requestCount" =
  (SELECT COUNT(*) FROM "DeliveryRequest" WHERE "DeliveryRequest"."programId" = "Program"."id");
