-- A delivery request's delivered and reverted amounts, kept by Delivery/Sync: a program's spending
-- sums its requests instead of its deliveries. Existing requests are filled from their deliveries.
-- AlterTable
ALTER TABLE "DeliveryRequest" ADD COLUMN "deliveredMinor" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "DeliveryRequest" ADD COLUMN "revertedMinor" BIGINT NOT NULL DEFAULT 0;

UPDATE "DeliveryRequest" SET
  "deliveredMinor" = COALESCE((SELECT SUM("amountMinor") FROM "Delivery"
    WHERE "Delivery"."deliveryRequestId" = "DeliveryRequest"."id"
      AND "Delivery"."deliveredAt" IS NOT NULL AND "Delivery"."revertedAt" IS NULL), 0),
  "revertedMinor" = COALESCE((SELECT SUM("amountMinor") FROM "Delivery"
    WHERE "Delivery"."deliveryRequestId" = "DeliveryRequest"."id" AND "Delivery"."revertedAt" IS NOT NULL), 0);
