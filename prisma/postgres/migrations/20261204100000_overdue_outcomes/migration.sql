-- Issue 32, item 4: a reconciliation window per program, and when each request's overdue deliveries
-- were told of (once).
ALTER TABLE "Program" ADD COLUMN "reconciliationWindowDays" INTEGER;
ALTER TABLE "DeliveryRequest" ADD COLUMN "overdueToldAt" TIMESTAMP(3);
