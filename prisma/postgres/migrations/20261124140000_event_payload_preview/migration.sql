-- Issue 16: the delivery logs list each event's payload start, stored with the event. Taken from
-- the payload at read time, SQLite read every listed payload whole (a send of 10,000 deliveries
-- queues 1.4 MB), 2.2x at 10 million deliveries. lib/domain/outbox.ts writes it with each event
-- (PAYLOAD_PREVIEW_CHARS, 2,000 characters), and existing events get theirs here.
ALTER TABLE "OutboxEvent" ADD COLUMN "payloadPreview" TEXT NOT NULL DEFAULT '';

UPDATE "OutboxEvent" SET "payloadPreview" = substr("payload", 1, 2000);
