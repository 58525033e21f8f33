-- Issue 12, item 2: user management. A deactivated account (User.deactivatedAt) cannot sign in, and
-- invitations carry the roles and organisation an administrator or an owner chose.
ALTER TABLE "User" ADD COLUMN "deactivatedAt" DATETIME;

CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "roles" TEXT NOT NULL,
    "providerId" TEXT,
    "invitedBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "acceptedAt" DATETIME,
    "acceptedUserId" TEXT,
    "revokedAt" DATETIME,
    CONSTRAINT "Invitation_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");
CREATE INDEX "Invitation_providerId_createdAt_idx" ON "Invitation"("providerId", "createdAt");
CREATE INDEX "Invitation_email_idx" ON "Invitation"("email");
