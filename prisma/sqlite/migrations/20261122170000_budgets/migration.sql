-- CreateTable
CREATE TABLE "Program" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "unit" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ProgramChannel" (
    "programId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,

    PRIMARY KEY ("programId", "channelId"),
    CONSTRAINT "ProgramChannel_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProgramChannel_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BudgetAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "channelId" TEXT,
    "programId" TEXT,
    "unit" TEXT NOT NULL,
    "limitMinor" BIGINT NOT NULL,
    "reservedMinor" BIGINT NOT NULL DEFAULT 0,
    "deliveredMinor" BIGINT NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BudgetAccount_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BudgetAccount_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BudgetMovement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "reservedAfterMinor" BIGINT NOT NULL,
    "deliveryRequestId" TEXT,
    "deliveryId" TEXT,
    CONSTRAINT "BudgetMovement_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "BudgetAccount" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DeliveryRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "programId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "budgetAccountId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "totalMinor" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'SENT_TO_SERVICE_PROVIDER',
    "providerDeliveryRequestId" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DeliveryRequest_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryRequest_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryRequest_budgetAccountId_fkey" FOREIGN KEY ("budgetAccountId") REFERENCES "BudgetAccount" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Delivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deliveryRequestId" TEXT NOT NULL,
    "beneficiaryId" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "options" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'DELIVERY_PENDING',
    "providerDeliveryId" TEXT,
    "refundRequestedAt" DATETIME,
    "revertedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Delivery_deliveryRequestId_fkey" FOREIGN KEY ("deliveryRequestId") REFERENCES "DeliveryRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "BudgetAccount_channelId_key" ON "BudgetAccount"("channelId");

-- CreateIndex
CREATE UNIQUE INDEX "BudgetAccount_programId_key" ON "BudgetAccount"("programId");

-- CreateIndex
CREATE INDEX "BudgetMovement_accountId_at_idx" ON "BudgetMovement"("accountId", "at");

-- CreateIndex
CREATE INDEX "DeliveryRequest_channelId_createdAt_idx" ON "DeliveryRequest"("channelId", "createdAt");

-- CreateIndex
CREATE INDEX "DeliveryRequest_programId_createdAt_idx" ON "DeliveryRequest"("programId", "createdAt");

-- CreateIndex
CREATE INDEX "Delivery_deliveryRequestId_idx" ON "Delivery"("deliveryRequestId");

