-- Issue 32, item 6: a provider's closed periods, each with its frozen statement and that statement's hash
-- CreateTable
CREATE TABLE "StatementPeriod" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "providerId" TEXT NOT NULL,
    "periodStart" DATETIME NOT NULL,
    "periodEnd" DATETIME NOT NULL,
    "statement" TEXT NOT NULL,
    "statementHash" TEXT NOT NULL,
    "closedBy" TEXT NOT NULL,
    "closedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StatementPeriod_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "StatementPeriod_providerId_periodStart_idx" ON "StatementPeriod"("providerId", "periodStart");

-- CreateIndex
CREATE UNIQUE INDEX "StatementPeriod_providerId_periodStart_periodEnd_key" ON "StatementPeriod"("providerId", "periodStart", "periodEnd");

