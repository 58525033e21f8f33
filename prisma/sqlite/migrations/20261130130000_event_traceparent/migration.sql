-- Issue 34, item 4 (traces): an event keeps the W3C trace context (traceparent) of the request that
-- queued it, so the dispatcher's webhook POST continues that trace. Read by the dispatcher's claim
-- without the payload, so on SQLite it goes before it: the table is rebuilt as
-- 20261128120000_event_deliveries_of rebuilt it (ALTER TABLE would append it after the payload,
-- where reading it walks its overflow pages).
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;

CREATE TABLE "new_OutboxEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "providerId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "payloadPreview" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "claimToken" TEXT,
    "deliveredAt" DATETIME,
    "lastError" TEXT,
    "deliveriesOf" TEXT,
    "filledBytes" INTEGER,
    "traceparent" TEXT,
    "payload" TEXT NOT NULL,
    CONSTRAINT "OutboxEvent_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OutboxEvent" ("id", "providerId", "eventType", "payloadPreview", "createdAt", "state", "attempts", "nextAttemptAt", "lockedUntil", "claimToken", "deliveredAt", "lastError", "deliveriesOf", "filledBytes", "traceparent", "payload")
SELECT "id", "providerId", "eventType", "payloadPreview", "createdAt", "state", "attempts", "nextAttemptAt", "lockedUntil", "claimToken", "deliveredAt", "lastError", "deliveriesOf", "filledBytes", NULL, "payload" FROM "OutboxEvent";

CREATE TEMP TABLE "kept_statistics" AS SELECT "tbl", "idx", "stat" FROM sqlite_stat1 WHERE "tbl" = 'OutboxEvent';
DROP TABLE "OutboxEvent";
ALTER TABLE "new_OutboxEvent" RENAME TO "OutboxEvent";
CREATE INDEX "OutboxEvent_state_nextAttemptAt_idx" ON "OutboxEvent"("state", "nextAttemptAt");
CREATE INDEX "OutboxEvent_providerId_createdAt_idx" ON "OutboxEvent"("providerId", "createdAt");
CREATE INDEX "OutboxEvent_createdAt_idx" ON "OutboxEvent"("createdAt");
CREATE INDEX "OutboxEvent_eventType_createdAt_idx" ON "OutboxEvent"("eventType", "createdAt");
CREATE INDEX "OutboxEvent_state_createdAt_idx" ON "OutboxEvent"("state", "createdAt");
DELETE FROM sqlite_stat1 WHERE "tbl" = 'OutboxEvent';
INSERT INTO sqlite_stat1 ("tbl", "idx", "stat") SELECT "tbl", "idx", "stat" FROM "kept_statistics";
DROP TABLE "kept_statistics";

PRAGMA foreign_key_check;
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
