-- Issue 14, rate limits: each API key's request count in its current fixed window, shared by every
-- app instance: one upsert counts a request and restarts the window when a new one has begun.
-- CreateTable
CREATE TABLE "ApiRateLimit" (
    "apiKeyId" TEXT NOT NULL,
    "windowStart" BIGINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ApiRateLimit_pkey" PRIMARY KEY ("apiKeyId")
);
