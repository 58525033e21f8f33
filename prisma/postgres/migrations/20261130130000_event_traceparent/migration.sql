-- Issue 34, item 4 (traces): an event keeps the W3C trace context (traceparent) of the request that queued it, so the dispatcher's webhook POST continues that trace
ALTER TABLE "OutboxEvent" ADD COLUMN "traceparent" TEXT;
