/**
 * The portal's channel search: the provider's channels whose Channel.searchText contains a term, as a
 * where-fragment for the list's query. A plain substring match of the term lower-cased as ./columns.ts
 * lowers the text (JavaScript toLowerCase, any script): `%`, `_` and `\` are characters, not patterns.
 * Both databases answer it from a trigram index (migration 20261124100000_channel_search_index)
 * instead of reading every row of the provider.
 *
 * A term of 3 characters or more: its matches are looked up once from the index with their sort value
 * (up to COUNT_CAP + 1), counted from that, and each page reads only its own matches by id
 * (./search-window.ts). The list's query with the term in it let PostgreSQL's planner walk the
 * provider's rows in order until a page of matches turned up (a term in one channel of 1,000: 2.2x
 * from 1,000 to a million channels, bench:scale), and counted the matches a second time.
 * PostgreSQL: LIKE with the term escaped, which the pg_trgm GIN index serves.
 * SQLite: Prisma can express neither FTS5's MATCH nor LIKE's ESCAPE, so the lookup is raw SQL.
 */
import { databaseKind } from "../../config";
import { findUnstorableText } from "../../contract/stored-text";
import { db, escapeLike, LIKE_WILDCARD } from "../../db";
import { Prisma } from "../../db/generated/sqlite/client";
import { type CappedCount, COUNT_CAP, ID_LIST_LIMIT, NO_ROWS, type Position } from "../paging";
import { type Match, searchWindow } from "./search-window";

/** A trigram index looks up 3 characters at a time: a shorter term cannot use it. */
const TRIGRAM = 3;

/**
 * The search as a list reads it: `where` to add to the list's, and where the list's own count would
 * scan every row of the provider, `count`, the matches counted from the index instead, and `narrow`,
 * the ids of the page being read (readKeysetPage).
 */
export interface ChannelSearch {
  where: Prisma.ChannelWhereInput;
  count?: () => Promise<CappedCount>;
  narrow?: (position: Position | null, direction: "asc" | "desc", take: number) => Prisma.ChannelWhereInput;
}

const NOTHING: ChannelSearch = { where: NO_ROWS };

/**
 * The channels whose search text contains `term` (any case): the provider's, or with `providerId`
 * null every live provider's (the console's list, never a sandbox's).
 */
export async function searchFilter(providerId: string | null, term: string): Promise<ChannelSearch> {
  const lowered = term.toLowerCase();
  // Nothing stored holds a NUL or a lone surrogate (lib/contract/stored-text.ts), and PostgreSQL
  // refuses them in a query: such a term matches nothing rather than failing.
  if (findUnstorableText(lowered)) return NOTHING;
  return databaseKind() === "postgres"
    ? postgresSearch(providerId, lowered)
    : sqliteSearch(providerId, lowered);
}

async function postgresSearch(providerId: string | null, lowered: string): Promise<ChannelSearch> {
  const pattern = escapeLike(lowered);
  const like = { searchText: { contains: pattern } };
  // Under 3 characters the trigram index holds nothing to look up: LIKE reads the provider's rows.
  if ([...lowered].length < TRIGRAM) return { where: like };
  const matches = providerId
    ? await db().$queryRaw<Match[]>`
        SELECT "id", "updatedAt" FROM "Channel"
        WHERE "providerId" = ${providerId} AND "searchText" LIKE ${`%${pattern}%`}
        LIMIT ${COUNT_CAP + 1}`
    : await db().$queryRaw<Match[]>`
        SELECT "id", "updatedAt" FROM "Channel"
        WHERE "sandbox" = false AND "searchText" LIKE ${`%${pattern}%`}
        LIMIT ${COUNT_CAP + 1}`;
  return pagedByMatches(like, matches);
}

async function sqliteSearch(providerId: string | null, lowered: string): Promise<ChannelSearch> {
  const like = { searchText: { contains: lowered } };
  const short = [...lowered].length < TRIGRAM;
  const wildcard = LIKE_WILDCARD.test(lowered);
  // Under 3 characters no trigram index helps: LIKE scans the provider's rows, as before issue 16.
  // It is exact unless the term holds a wildcard, which only the exact scan below matches literally.
  if (short && !wildcard) return { where: like };
  const matches = short
    ? await scannedMatches(providerId, lowered)
    : await indexedMatches(providerId, lowered);
  // Over the limit, a term with `%` or `_` matches as it did before issue 16 (as a LIKE pattern).
  if (matches.length > ID_LIST_LIMIT && wildcard) return { where: like };
  return pagedByMatches(like, matches);
}

/**
 * The search by its matches, `like` being the same search as a condition on the rows. A term past the
 * cap is common: its page is found among the newest rows at once, by LIKE. Otherwise each page reads
 * only its own matches, by id: LIKE alone read the provider's rows until a page of matches turned up
 * (50,000 rows for a term in one channel of 1,000), and all the ids bound at once read every match to
 * sort them.
 */
function pagedByMatches(like: Prisma.ChannelWhereInput, matches: Match[]): ChannelSearch {
  if (matches.length > COUNT_CAP) return { where: like, count: async () => CAPPED };
  const counted = { total: matches.length, totalCapped: false };
  return {
    where: matches.length <= ID_LIST_LIMIT ? { id: { in: matches.map((match) => match.id) } } : like,
    count: async () => counted,
    narrow: searchWindow(matches),
  };
}

const CAPPED: CappedCount = { total: COUNT_CAP, totalCapped: true };

/** An FTS5 phrase: the term in double quotes (doubled inside), so no character is query syntax. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The provider's channels (as `c`) that hold the term, found through the trigram index. instr()
 * confirms each row on the text itself, so what the index stores can only narrow the rows read, never
 * decide the answer. The unary `+` keeps the planner from reading the provider's index instead (all
 * its rows) and probing the trigram index.
 */
const indexedRows = (providerId: string | null, lowered: string) => Prisma.sql`
  FROM "ChannelSearch"
  JOIN "Channel" c ON c.rowid = "ChannelSearch".rowid
  WHERE "ChannelSearch" MATCH ${ftsPhrase(lowered)}
    AND ${providerId ? Prisma.sql`+c."providerId" = ${providerId}` : Prisma.sql`+c."sandbox" = 0`}
    AND instr(c."searchText", ${lowered}) > 0`;

/** Up to COUNT_CAP + 1 matches from the trigram index, each with the list's sort value. */
async function indexedMatches(providerId: string | null, lowered: string): Promise<Match[]> {
  return db().$queryRaw<Match[]>`
    SELECT c."id", c."updatedAt" ${indexedRows(providerId, lowered)} LIMIT ${COUNT_CAP + 1}`;
}

/** The same matches by reading the provider's rows: for a short term holding `%` or `_`. */
async function scannedMatches(providerId: string | null, lowered: string): Promise<Match[]> {
  return db().$queryRaw<Match[]>`
    SELECT "id", "updatedAt" FROM "Channel"
    WHERE ${providerId ? Prisma.sql`"providerId" = ${providerId}` : Prisma.sql`"sandbox" = 0`}
      AND instr("searchText", ${lowered}) > 0
    LIMIT ${ID_LIST_LIMIT + 1}`;
}
