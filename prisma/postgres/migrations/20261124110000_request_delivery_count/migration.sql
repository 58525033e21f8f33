-- How many deliveries a request carries, fixed when it is sent: the pages listing requests show it
-- instead of counting each request's deliveries. Existing requests are filled from their deliveries.
-- AlterTable
ALTER TABLE "DeliveryRequest" ADD COLUMN "deliveryCount" INTEGER NOT NULL DEFAULT 0;

UPDATE "DeliveryRequest" SET "deliveryCount" =
  (SELECT COUNT(*) FROM "Delivery" WHERE "Delivery"."deliveryRequestId" = "DeliveryRequest"."id");
