-- Issue 32, item 2: a statement reads the outcomes of its period, not every delivery ever sent
-- (bench:scale: 2.5 s at 1,000,000 deliveries, linear). Partial indexes (in SQL only: the Prisma
-- schema has none) hold only the deliveries that have the outcome, so sends pay nothing for them, and what
-- is pending now comes from the sums of each request and its count of deliveries that left pending.
ALTER TABLE "DeliveryRequest" ADD COLUMN "outcomeCount" INTEGER NOT NULL DEFAULT 0;
UPDATE "DeliveryRequest" SET "outcomeCount" = (
  SELECT COUNT(*) FROM "Delivery" d
  WHERE d."deliveryRequestId" = "DeliveryRequest"."id" AND (d."deliveredAt" IS NOT NULL OR d."revertedAt" IS NOT NULL)
);
CREATE INDEX "Delivery_deliveredAt_idx" ON "Delivery"("deliveredAt") WHERE "deliveredAt" IS NOT NULL;
CREATE INDEX "Delivery_revertedAt_idx" ON "Delivery"("revertedAt") WHERE "revertedAt" IS NOT NULL;
CREATE INDEX "Delivery_refundRequestedAt_idx" ON "Delivery"("refundRequestedAt") WHERE "refundRequestedAt" IS NOT NULL;
