-- Issue 30, finding 11: the console's channel list sorts by name. Channel.sortName holds the
-- requested name in lower case (lib/domain/channels/columns.ts writes it with the requested content),
-- and an index reads the live channels in its order. SQLite's lower() folds ASCII letters only: an
-- older row whose name has other capitals sorts by them until its next request rewrites the column.
ALTER TABLE "Channel" ADD COLUMN "sortName" TEXT NOT NULL DEFAULT '';

CREATE INDEX "Channel_sandbox_sortName_id_idx" ON "Channel"("sandbox", "sortName", "id");

-- The planner's statistics for the new index: those of the list's other order (sandbox, updatedAt,
-- id), as the earlier migrations seeded them, so that no other list's plan changes for the lack of them.
INSERT INTO sqlite_stat1 ("tbl", "idx", "stat")
SELECT "tbl", 'Channel_sandbox_sortName_id_idx', "stat" FROM sqlite_stat1
WHERE "idx" = 'Channel_sandbox_updatedAt_id_idx';

UPDATE "Channel" SET "sortName" = COALESCE(lower(json_extract("requestedContent", '$.name.translation')), '');
