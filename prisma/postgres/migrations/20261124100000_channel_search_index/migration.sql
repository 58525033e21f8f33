-- Issue 16: the portal's channel search (Prisma's contains, a LIKE '%term%' on Channel.searchText)
-- uses a trigram index instead of reading every row of the provider (lib/domain/channels/search.ts).
-- pg_trgm is a trusted extension (PostgreSQL 13+): any role that may create objects in the database
-- may create it.
-- It goes into public and its operator class is named with that schema, because the tests migrate
-- a fresh schema per run through search_path: the extension exists once per database, and an
-- unqualified gin_trgm_ops would not resolve from a schema other than the one that first created it.
-- Where pg_trgm is already installed in another schema, create this index with that schema's name.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE INDEX "Channel_searchText_trgm_idx" ON "Channel" USING GIN ("searchText" public.gin_trgm_ops);
