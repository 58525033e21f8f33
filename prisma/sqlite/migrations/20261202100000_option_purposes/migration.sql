-- Issue 36, item 5: what each delivery option's value is for, as the provider states it in the portal.
CREATE TABLE "OptionPurpose" (
    "channelId" TEXT NOT NULL,
    "fieldName" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("channelId", "fieldName"),
    CONSTRAINT "OptionPurpose_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
