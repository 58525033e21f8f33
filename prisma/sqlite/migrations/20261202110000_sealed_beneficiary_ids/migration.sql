-- Issue 36, item 1: a delivery's beneficiary id is sealed with the beneficiary's data key, and found
-- by its ref (HMAC), so the deliveries page in the order they were sent rather than by id.
ALTER TABLE "Delivery" ADD COLUMN "beneficiaryRef" TEXT;
DROP INDEX "Delivery_deliveryRequestId_beneficiaryId_idx";
CREATE INDEX "Delivery_deliveryRequestId_id_idx" ON "Delivery"("deliveryRequestId", "id");
CREATE INDEX "Delivery_beneficiaryRef_idx" ON "Delivery"("beneficiaryRef");
