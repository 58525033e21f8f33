-- Issue 14, safe retries: the Idempotency-Key of each write request, per API key, kept 24 h.
-- The primary key is the claim: of concurrent requests with one key, exactly one insert gets through.
-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "apiKeyId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "response" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("apiKeyId","key")
);

-- CreateIndex
CREATE INDEX "IdempotencyKey_expiresAt_idx" ON "IdempotencyKey"("expiresAt");
