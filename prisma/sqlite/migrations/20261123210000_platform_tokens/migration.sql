-- Issue 12 item 5, the platform API: tokens of platform users, stored by SHA-256 only.
-- CreateTable
CREATE TABLE "PlatformToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "revokedAt" DATETIME,
    "lastUsedAt" DATETIME,
    CONSTRAINT "PlatformToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "PlatformToken_hash_key" ON "PlatformToken"("hash");

-- CreateIndex
CREATE INDEX "PlatformToken_userId_idx" ON "PlatformToken"("userId");
