-- Issue 32, item 6: a provider's closed periods, each with its frozen statement and that statement's hash
-- CreateTable
CREATE TABLE "StatementPeriod" (
    "id" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "statement" TEXT NOT NULL,
    "statementHash" TEXT NOT NULL,
    "closedBy" TEXT NOT NULL,
    "closedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StatementPeriod_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StatementPeriod_providerId_periodStart_idx" ON "StatementPeriod"("providerId", "periodStart");

-- CreateIndex
CREATE UNIQUE INDEX "StatementPeriod_providerId_periodStart_periodEnd_key" ON "StatementPeriod"("providerId", "periodStart", "periodEnd");

-- AddForeignKey
ALTER TABLE "StatementPeriod" ADD CONSTRAINT "StatementPeriod_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider"("id") ON DELETE CASCADE ON UPDATE CASCADE;

