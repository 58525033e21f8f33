-- Issue 14, API keys rotated without downtime: a key's label becomes its name (every key has one
-- from now on, older unnamed keys are named after their display prefix), a scope ("full" or
-- "read") and an optional expiry, and the table of each key's last requests.
ALTER TABLE "ApiKey" RENAME COLUMN "label" TO "name";
UPDATE "ApiKey" SET "name" = 'Key ' || "prefix" WHERE "name" = '';
ALTER TABLE "ApiKey" ADD COLUMN "scope" TEXT NOT NULL DEFAULT 'full';
ALTER TABLE "ApiKey" ADD COLUMN "expiresAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ApiKeyRequest" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "errorGuid" TEXT,

    CONSTRAINT "ApiKeyRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ApiKeyRequest_apiKeyId_id_idx" ON "ApiKeyRequest"("apiKeyId", "id");

-- AddForeignKey
ALTER TABLE "ApiKeyRequest" ADD CONSTRAINT "ApiKeyRequest_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
