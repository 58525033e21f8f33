-- Issue 16: the event's payload becomes the last column of its row. SQLite stores a row's columns in
-- order and a large value spills onto a chain of overflow pages, so every column after the payload
-- was read by walking that chain: the delivery logs, which list an event's type, time, state and
-- preview but never its payload, read about 350 pages per send of 10,000 deliveries (2.7x at ten
-- million deliveries, bench:scale). SQLite cannot reorder columns, so the table is rebuilt as Prisma
-- redefines a table: foreign keys off while the rows move (WebhookAttempt keeps pointing at
-- "OutboxEvent" by name), the same indexes recreated, and the planner's statistics kept (dropping the
-- table deletes its rows of sqlite_stat1).
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
    "payload" TEXT NOT NULL,
    CONSTRAINT "OutboxEvent_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OutboxEvent" ("id", "providerId", "eventType", "payloadPreview", "createdAt", "state", "attempts", "nextAttemptAt", "lockedUntil", "claimToken", "deliveredAt", "lastError", "payload")
SELECT "id", "providerId", "eventType", "payloadPreview", "createdAt", "state", "attempts", "nextAttemptAt", "lockedUntil", "claimToken", "deliveredAt", "lastError", "payload" FROM "OutboxEvent";

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
