-- Issue 36, item 1: a data key per beneficiary, wrapped under the service key, sealing every value
-- stored about the beneficiary. Erasing the beneficiary destroys its key (crypto-shredding).
CREATE TABLE "BeneficiaryKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ref" TEXT NOT NULL,
    "liveRef" TEXT,
    "wrappedKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "erasedAt" DATETIME
);
CREATE UNIQUE INDEX "BeneficiaryKey_liveRef_key" ON "BeneficiaryKey"("liveRef");
CREATE INDEX "BeneficiaryKey_ref_idx" ON "BeneficiaryKey"("ref");

CREATE TABLE "ProtectionKey" (
    "purpose" TEXT NOT NULL PRIMARY KEY,
    "wrappedKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "ErasureRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ref" TEXT NOT NULL,
    "sealedBeneficiaryId" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'PENDING',
    "pendingFor" TEXT,
    "decidedBy" TEXT,
    "decidedAt" DATETIME,
    "deliveriesErased" INTEGER
);
CREATE UNIQUE INDEX "ErasureRequest_pendingFor_key" ON "ErasureRequest"("pendingFor");
CREATE INDEX "ErasureRequest_state_createdAt_idx" ON "ErasureRequest"("state", "createdAt");
