-- Issue 35: a DELIVERY_REQUEST_SENT names its request (deliveriesOf), whose Delivery rows fill its
-- payload when it is sent, and the filled payload's size (filledBytes) for the logs: the send no longer
-- builds and writes a payload of up to 15 MB. Both are read without the payload (the dispatcher's
-- claim, the logs' sizes), so on SQLite they go before it: the table is rebuilt as
-- 20261125100000_event_payload_last rebuilt it (ALTER TABLE would append them after the payload,
-- where reading them walks its overflow pages).
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
    "payload" TEXT NOT NULL,
    CONSTRAINT "OutboxEvent_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OutboxEvent" ("id", "providerId", "eventType", "payloadPreview", "createdAt", "state", "attempts", "nextAttemptAt", "lockedUntil", "claimToken", "deliveredAt", "lastError", "deliveriesOf", "filledBytes", "payload")
SELECT "id", "providerId", "eventType", "payloadPreview", "createdAt", "state", "attempts", "nextAttemptAt", "lockedUntil", "claimToken", "deliveredAt", "lastError", NULL, NULL, "payload" FROM "OutboxEvent";

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
