-- Issue 36, item 4: the retention worker deletes inbox notifications past MAIL_RETENTION_DAYS, across every inbox.
CREATE INDEX "Notification_createdAt_idx" ON "Notification"("createdAt");
