-- Issue 36, item 4: a program's retention period for beneficiary values, and when a delivery's were erased by it.
ALTER TABLE "Program" ADD COLUMN "retentionDays" INTEGER NOT NULL DEFAULT 365;
ALTER TABLE "Delivery" ADD COLUMN "valuesErasedAt" DATETIME;
