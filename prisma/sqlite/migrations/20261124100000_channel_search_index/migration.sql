-- Issue 16: the portal's channel search finds a term in Channel.searchText through a trigram index
-- instead of reading every row of the provider (lib/domain/channels/search.ts).
-- An FTS5 index over the Channel table itself (external content, keyed by its rowid), so the text is
-- not stored twice. The trigram tokenizer indexes every 3 characters of any script, so a quoted
-- phrase finds exactly the rows that contain it, substrings across words included. case_sensitive 1:
-- the app lower-cases both searchText and the term (JavaScript toLowerCase), and the index must not
-- fold case in its own way on top of that.
CREATE VIRTUAL TABLE "ChannelSearch" USING fts5(
    "searchText",
    content = 'Channel',
    content_rowid = 'rowid',
    tokenize = 'trigram case_sensitive 1'
);

-- Existing channels.
INSERT INTO "ChannelSearch"("ChannelSearch") VALUES ('rebuild');

-- Kept in step by the database, whoever writes (Prisma, the batched writers of lib/db, a provider's
-- cascade delete). A later migration that rebuilds the Channel table (Prisma's new_Channel copy)
-- drops these triggers with it and may renumber its rowids: it must create them again and run the
-- rebuild above.
CREATE TRIGGER "Channel_search_insert" AFTER INSERT ON "Channel"
BEGIN
  INSERT INTO "ChannelSearch"(rowid, "searchText") VALUES (new.rowid, new."searchText");
END;
CREATE TRIGGER "Channel_search_delete" AFTER DELETE ON "Channel"
BEGIN
  INSERT INTO "ChannelSearch"("ChannelSearch", rowid, "searchText") VALUES ('delete', old.rowid, old."searchText");
END;
CREATE TRIGGER "Channel_search_update" AFTER UPDATE OF "searchText" ON "Channel"
BEGIN
  INSERT INTO "ChannelSearch"("ChannelSearch", rowid, "searchText") VALUES ('delete', old.rowid, old."searchText");
  INSERT INTO "ChannelSearch"(rowid, "searchText") VALUES (new.rowid, new."searchText");
END;

-- Statistics for the planner, as SQLite documents for steering it (sqlite.org/optoverview.html,
-- "Manual Control Of Query Plans Using SQLITE_STAT Tables"). Without any, it takes providerId = ?
-- for 10 rows and reads the list's channels of a searched term, a short list of ids, through the
-- provider's index: every row of a provider with a million channels. These say what matters: one
-- provider may hold many channels. Left alone where ANALYZE already measured the table.
ANALYZE sqlite_schema;
INSERT INTO sqlite_stat1 ("tbl", "idx", "stat")
SELECT 'Channel', "idx", "stat" FROM (
    SELECT 'Channel_providerId_updatedAt_idx' AS "idx", '1000000 100000 1' AS "stat"
    UNION ALL SELECT 'Channel_providerId_providerDeliveryChannelId_key', '1000000 100000 1'
    UNION ALL SELECT 'sqlite_autoindex_Channel_1', '1000000 1'
)
WHERE NOT EXISTS (SELECT 1 FROM sqlite_stat1 WHERE "tbl" = 'Channel');
