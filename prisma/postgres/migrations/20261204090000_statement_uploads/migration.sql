-- Issue 32, item 3: uploads of a provider's own statement, the mapping of its columns, and the breaks
-- each upload found. A statement's lines name deliveries by our id or by the provider's reference,
-- so that is found by an index holding only the deliveries that have one (partial, SQL only).
CREATE TABLE "StatementMapping" (
    "providerId" TEXT NOT NULL,
    "columns" TEXT NOT NULL,
    "labels" TEXT NOT NULL,
    "updatedBy" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "StatementMapping_pkey" PRIMARY KEY ("providerId")
);
CREATE TABLE "StatementUpload" (
    "id" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "appliedCount" INTEGER NOT NULL,
    "summary" TEXT NOT NULL,
    "uploadedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StatementUpload_pkey" PRIMARY KEY ("id")
);
CREATE TABLE "StatementBreak" (
    "id" TEXT NOT NULL,
    "uploadId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "line" INTEGER,
    "deliveryId" TEXT,
    "reference" TEXT,
    "fileAmountMinor" BIGINT,
    "fileUnit" TEXT,
    "fileStatus" TEXT,
    "ourAmountMinor" BIGINT,
    "ourUnit" TEXT,
    "ourStatus" TEXT,
    CONSTRAINT "StatementBreak_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "StatementUpload_providerId_createdAt_id_idx" ON "StatementUpload"("providerId", "createdAt", "id");
CREATE UNIQUE INDEX "StatementUpload_providerId_periodStart_periodEnd_contentHas_key" ON "StatementUpload"("providerId", "periodStart", "periodEnd", "contentHash");
CREATE INDEX "StatementBreak_uploadId_line_idx" ON "StatementBreak"("uploadId", "line");
ALTER TABLE "StatementMapping" ADD CONSTRAINT "StatementMapping_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StatementUpload" ADD CONSTRAINT "StatementUpload_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StatementBreak" ADD CONSTRAINT "StatementBreak_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "StatementUpload"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "Delivery_providerDeliveryId_idx" ON "Delivery"("providerDeliveryId") WHERE "providerDeliveryId" IS NOT NULL;
