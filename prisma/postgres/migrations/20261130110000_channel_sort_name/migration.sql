-- Issue 30, finding 11: the console's channel list sorts by name. Channel.sortName holds the
-- requested name in lower case (lib/domain/channels/columns.ts writes it with the requested content),
-- and an index reads the live channels in its order.
ALTER TABLE "Channel" ADD COLUMN "sortName" TEXT NOT NULL DEFAULT '';

CREATE INDEX "Channel_sandbox_sortName_id_idx" ON "Channel"("sandbox", "sortName", "id");

UPDATE "Channel" SET "sortName" = COALESCE(lower(("requestedContent"::jsonb) -> 'name' ->> 'translation'), '');
