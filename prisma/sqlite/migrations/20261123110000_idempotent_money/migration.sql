-- Issue 10, money: idempotent sends, identical-batch detection, refund reasons, delivered once, and
-- the virtual budget of a program charged by every request (also those the own budget of a channel applied to).
-- ADD COLUMN instead of the table rebuild Prisma generates for SQLite: the same resulting table, no copy of every row.
ALTER TABLE "DeliveryRequest" ADD COLUMN "idempotencyKey" TEXT;
ALTER TABLE "DeliveryRequest" ADD COLUMN "fingerprint" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Delivery" ADD COLUMN "refundReason" TEXT;
ALTER TABLE "Delivery" ADD COLUMN "deliveredAt" DATETIME;

-- Concurrent sends with one key: the database lets exactly one insert through.
CREATE UNIQUE INDEX "DeliveryRequest_programId_idempotencyKey_key" ON "DeliveryRequest"("programId", "idempotencyKey");
CREATE INDEX "DeliveryRequest_channelId_fingerprint_idx" ON "DeliveryRequest"("channelId", "fingerprint");

-- Deliveries already counted as delivered (and not reverted) keep counting once.
UPDATE "Delivery" SET "deliveredAt" = "updatedAt"
WHERE "status" IN ('DELIVERED', 'DELIVERY_COLLECTED') AND "revertedAt" IS NULL;

-- The virtual budget of each program from its deliveries: reserved counts what is not reverted, delivered what of that was delivered.
UPDATE "BudgetAccount" SET
  "reservedMinor" = COALESCE((
    SELECT SUM("Delivery"."amountMinor") FROM "Delivery"
    JOIN "DeliveryRequest" ON "DeliveryRequest"."id" = "Delivery"."deliveryRequestId"
    WHERE "DeliveryRequest"."programId" = "BudgetAccount"."programId" AND "Delivery"."revertedAt" IS NULL), 0),
  "deliveredMinor" = COALESCE((
    SELECT SUM("Delivery"."amountMinor") FROM "Delivery"
    JOIN "DeliveryRequest" ON "DeliveryRequest"."id" = "Delivery"."deliveryRequestId"
    WHERE "DeliveryRequest"."programId" = "BudgetAccount"."programId" AND "Delivery"."revertedAt" IS NULL
      AND "Delivery"."deliveredAt" IS NOT NULL), 0)
WHERE "kind" = 'PROGRAM';

-- Requests that reserved only against the own budget of a channel now count in the virtual budget of their program
-- too: one RESERVED movement each (and RELEASED for their reverted deliveries), dated now,
-- so the burn-down shows the catch-up where it happened, at the recomputed reserved amount
-- (dates as Prisma writes them: ISO 8601 with +00:00).
INSERT INTO "BudgetMovement" ("id", "accountId", "at", "kind", "amountMinor", "reservedAfterMinor", "deliveryRequestId")
SELECT lower(hex(randomblob(16))), "BudgetAccount"."id", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), 'RESERVED', "DeliveryRequest"."totalMinor", "BudgetAccount"."reservedMinor", "DeliveryRequest"."id"
FROM "DeliveryRequest" JOIN "BudgetAccount" ON "BudgetAccount"."programId" = "DeliveryRequest"."programId"
WHERE "DeliveryRequest"."budgetAccountId" <> "BudgetAccount"."id";

INSERT INTO "BudgetMovement" ("id", "accountId", "at", "kind", "amountMinor", "reservedAfterMinor", "deliveryId")
SELECT lower(hex(randomblob(16))), "BudgetAccount"."id", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), 'RELEASED', "Delivery"."amountMinor", "BudgetAccount"."reservedMinor", "Delivery"."id"
FROM "Delivery"
JOIN "DeliveryRequest" ON "DeliveryRequest"."id" = "Delivery"."deliveryRequestId"
JOIN "BudgetAccount" ON "BudgetAccount"."programId" = "DeliveryRequest"."programId"
WHERE "DeliveryRequest"."budgetAccountId" <> "BudgetAccount"."id" AND "Delivery"."revertedAt" IS NOT NULL;
