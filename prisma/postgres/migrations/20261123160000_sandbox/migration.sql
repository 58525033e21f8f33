-- Issue 14, sandbox: a provider's test-mode twin (Provider.sandboxOfId) and the program its test
-- deliveries come from (Program.sandboxFor, one per unit). Nullable columns: live rows stay as they are.
-- AlterTable
ALTER TABLE "Provider" ADD COLUMN "sandboxOfId" TEXT;
ALTER TABLE "Program" ADD COLUMN "sandboxFor" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Provider_sandboxOfId_key" ON "Provider"("sandboxOfId");
CREATE UNIQUE INDEX "Program_sandboxFor_unit_key" ON "Program"("sandboxFor", "unit");

-- AddForeignKey
ALTER TABLE "Provider" ADD CONSTRAINT "Provider_sandboxOfId_fkey" FOREIGN KEY ("sandboxOfId") REFERENCES "Provider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
