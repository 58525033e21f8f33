-- Issue 36, item 1: a data key per beneficiary, wrapped under the service key, sealing every value
-- stored about the beneficiary. Erasing the beneficiary destroys its key (crypto-shredding).
CREATE TABLE "BeneficiaryKey" (
    "id" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "liveRef" TEXT,
    "wrappedKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "erasedAt" TIMESTAMP(3),
    CONSTRAINT "BeneficiaryKey_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "BeneficiaryKey_liveRef_key" ON "BeneficiaryKey"("liveRef");
CREATE INDEX "BeneficiaryKey_ref_idx" ON "BeneficiaryKey"("ref");

CREATE TABLE "ProtectionKey" (
    "purpose" TEXT NOT NULL,
    "wrappedKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProtectionKey_pkey" PRIMARY KEY ("purpose")
);

CREATE TABLE "ErasureRequest" (
    "id" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "sealedBeneficiaryId" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'PENDING',
    "pendingFor" TEXT,
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMP(3),
    "deliveriesErased" INTEGER,
    CONSTRAINT "ErasureRequest_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ErasureRequest_pendingFor_key" ON "ErasureRequest"("pendingFor");
CREATE INDEX "ErasureRequest_state_createdAt_idx" ON "ErasureRequest"("state", "createdAt");
