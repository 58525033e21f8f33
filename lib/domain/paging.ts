/**
 * Keyset (cursor) paging for every list of the portals and the platform API: a page is read from
 * where the previous one ended (`?after=`) or began (`?before=`), by the list's sort key and the row
 * id, so a page costs an index seek however deep it is, and rows inserted meanwhile are neither
 * skipped nor repeated. Counts stop at COUNT_CAP: counting past it would scan the whole table.
 */
import { say } from "../contract/validation-messages";
import { MAX_BOUND_VALUES } from "../db";
import { invalid } from "./errors";

export const COUNT_CAP = 10_000;

/** A where-fragment no row matches: a filter value nothing stored can equal (a NUL, no code). */
export const NO_ROWS = { id: { in: [] as string[] } };

/**
 * The most ids one list query binds (one value each, under the most a query may bind: at 1,000 they
 * were past it, a 500), the list's own filters and cursor taking the rest.
 */
export const ID_LIST_LIMIT = MAX_BOUND_VALUES - 99;

/** The query part of reading an index range's channel ids: one past ID_LIST_LIMIT tells it is long. */
export const CHANNEL_ID_RANGE = { select: { channelId: true }, take: ID_LIST_LIMIT + 1 } as const;

/** The channel ids of rows read with CHANNEL_ID_RANGE. */
export async function channelIdsOf(rows: Promise<{ channelId: string }[]>): Promise<string[]> {
  return (await rows).map((row) => row.channelId);
}

/**
 * Of the id ranges an index gave for a list's filters (each read up to ID_LIST_LIMIT + 1 ids), the
 * smallest that is short enough to read by id, without repeats; null when each is longer, or none was
 * given. The filters' own conditions still decide which of these ids the list shows.
 */
export function shortestRange(ranges: string[][]): string[] | null {
  const short = ranges.filter((ids) => ids.length <= ID_LIST_LIMIT);
  if (!short.length) return null;
  return [...new Set(short.reduce((best, ids) => (ids.length < best.length ? ids : best)))];
}

type Where = Record<string, unknown>;

/** Where a page starts; opaque cursors from a previous page's `next` or `previous`. */
export interface PageQuery {
  after?: string;
  before?: string;
  /** A page's query string is whatever was typed: a cursor that is none shows the first page. */
  lenient?: boolean;
}

/** A list's order: its sort column (unique together with `id`, which breaks ties the same way). */
export interface SortKey {
  field: string;
  direction: "asc" | "desc";
  kind: "date" | "text" | "number";
}

/** A list's order as a page's query asks it (`?sort=name&dir=asc`): one of the list's sorts. */
export interface ListSort<By extends string> {
  by: By;
  dir: "asc" | "desc";
}

/**
 * The sort key of a list sorted as asked: the sort's column, in the asked direction, with the id as
 * the tie-breaker (readKeysetPage); the list's own order when none is asked.
 */
export function sortKeyOf<By extends string>(
  sorts: Readonly<Record<By, Omit<SortKey, "direction">>>,
  sort: ListSort<By> | undefined,
  fallback: SortKey,
): SortKey {
  return sort && Object.hasOwn(sorts, sort.by) ? { ...sorts[sort.by], direction: sort.dir } : fallback;
}

/** A count that stops at COUNT_CAP; `totalCapped` says there are more (shown "10,000+"). */
export interface CappedCount {
  total: number;
  totalCapped: boolean;
}

/** A Prisma table's count and findFirst: all a capped count needs (lib/db's table delegates fit). */
interface CountableTable {
  count: (args: never) => PromiseLike<unknown>;
  findFirst: (args: never) => PromiseLike<unknown>;
}

/**
 * Counts `table`'s rows that match `filter`, up to `cap` (COUNT_CAP unless a badge wants fewer).
 * First a probe: the row just past the cap, read in the sort key's index order and selecting only
 * the key, so the index alone answers it (Prisma's count with `take` reads the rows themselves, ten
 * times slower). Only a list under the cap is counted exactly.
 */
export async function countUpTo(
  table: CountableTable,
  filter: Where,
  key: SortKey,
  cap = COUNT_CAP,
): Promise<CappedCount> {
  const past = await table.findFirst({
    where: filter,
    skip: cap,
    orderBy: [{ [key.field]: key.direction }],
    select: { [key.field]: true },
  } as never);
  if (past) return { total: cap, totalCapped: true };
  return { total: Number(await table.count({ where: filter } as never)), totalCapped: false };
}

type SortValue = Date | string | number;

export interface KeysetPage<Row> extends CappedCount {
  items: Row[];
  pageSize: number;
  /** Cursors of the neighbouring pages: `?after=next`, `?before=previous`; null where none is. */
  next: string | null;
  previous: string | null;
}

const encode = (value: SortValue, id: string | number) =>
  Buffer.from(JSON.stringify([value instanceof Date ? value.getTime() : value, id])).toString("base64url");

/** Where a cursor points: the sort value and id of the row it was taken from. */
export type Position = [SortValue, string | number];

/** The sort value and id a cursor holds, or null when it is not one this list wrote. */
function decode(cursor: string, key: SortKey): Position | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed as [unknown, unknown];
    if (typeof id !== "string" && typeof id !== "number") return null;
    // NUL is text no database stores (PostgreSQL refuses it outright): no row is there.
    if ([value, id].some((part) => typeof part === "string" && part.includes("\0"))) return null;
    if (key.kind === "text") return typeof value === "string" ? [value, id] : null;
    if (typeof value !== "number" || !Number.isFinite(value)) return null;
    if (key.kind === "number") return [value, id];
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? null : [at, id];
  } catch {
    return null;
  }
}

/** A cursor's decoded position; one that is none is an error naming the parameter, or (lenient) no cursor. */
function positionOf(query: PageQuery, key: SortKey) {
  const [parameter, cursor] = query.after ? ["after", query.after] : ["before", query.before];
  if (!cursor) return null;
  const position = decode(cursor, key);
  if (!position && !query.lenient) throw invalid(parameter, say("notCursorOfThisList", { parameter }));
  return position;
}

const flip = (direction: "asc" | "desc") => (direction === "asc" ? "desc" : "asc");

/**
 * Rows strictly beyond a position in a direction. Written as a range on the sort column (which an
 * index seeks) minus the ties already passed, rather than an OR the planners cannot seek with.
 */
function beyond(key: SortKey, direction: "asc" | "desc", [value, id]: Position): Where {
  const passed = direction === "asc" ? { lte: id } : { gte: id };
  if (key.field === "id") return { id: direction === "asc" ? { gt: id } : { lt: id } };
  return {
    [key.field]: direction === "asc" ? { gte: value } : { lte: value },
    NOT: { [key.field]: value, id: passed },
  };
}

const orderOf = (key: SortKey, direction: "asc" | "desc") =>
  key.field === "id" ? [{ id: direction }] : [{ [key.field]: direction }, { id: direction }];

/**
 * One page of `table`'s rows that match `filter`. `rows` reads with the where (the filter and the
 * cursor's position), order and take it is given, selecting what the list shows; the filtered rows
 * are counted up to the cap (countUpTo).
 */
export async function readKeysetPage<Row extends { id: string | number }>(list: {
  query: PageQuery;
  pageSize: number;
  key: SortKey;
  table: CountableTable;
  filter: Where;
  rows: (read: { where: Where; orderBy: Where[]; take: number }) => Promise<Row[]>;
  /** Counts the filtered rows where countUpTo would read more than an index could. */
  count?: () => Promise<CappedCount>;
  /**
   * Narrows the rows read to the `take` rows the filter's own index found beyond where the page
   * starts, in the direction it is read: the page's rows and the one after (channels/search.ts).
   */
  narrow?: (position: Position | null, direction: "asc" | "desc", take: number) => Where;
}): Promise<KeysetPage<Row>> {
  const { query, pageSize, key, table, filter, rows, count, narrow } = list;
  const start = pageStart(query, key);
  const { position, direction } = start;
  const conditions = [
    filter,
    ...(narrow ? [narrow(position, direction, pageSize + 1)] : []),
    ...(position ? [beyond(key, direction, position)] : []),
  ];
  const where = conditions.length > 1 ? { AND: conditions } : filter;
  const [counted, read] = await Promise.all([
    count ? count() : countUpTo(table, filter, key),
    rows({ where, orderBy: orderOf(key, direction), take: pageSize + 1 }),
  ]);
  const page = pageOf(read, key, pageSize, start);
  return page ? { ...page, ...counted } : readKeysetPage({ ...list, query: {} });
}

export interface PageStart {
  position: Position | null;
  /** Before a cursor: read against the list's order, then turned around. */
  backwards: boolean;
  direction: "asc" | "desc";
}

/** Where a page starts and the direction its rows are read in. */
export function pageStart(query: PageQuery, key: SortKey): PageStart {
  const position = positionOf(query, key);
  const backwards = !!position && !query.after;
  return { position, backwards, direction: backwards ? flip(key.direction) : key.direction };
}

/**
 * A page from the up to `pageSize + 1` rows read from its start, with the cursors of its neighbours;
 * null when a page read backwards reached the list's start (show the first page, full, instead).
 */
export function pageOf<Row extends { id: string | number }>(
  read: Row[],
  key: SortKey,
  pageSize: number,
  { position, backwards }: PageStart,
): Omit<KeysetPage<Row>, keyof CappedCount> | null {
  const more = read.length > pageSize;
  if (backwards && !more) return null;
  const page = read.slice(0, pageSize);
  const items = backwards ? page.reverse() : page;
  const cursorOf = (row: Row | undefined) =>
    row ? encode((row as Record<string, unknown>)[key.field] as SortValue, row.id) : null;
  const [first, last] = [items[0], items[items.length - 1]];
  return {
    items,
    pageSize,
    next: backwards || more ? cursorOf(last) : null,
    previous: backwards || position ? cursorOf(first) : null,
  };
}

/** The cursors a list page's query string holds: strings only, first of repeated ones. */
export function pageQuery(searchParams: Record<string, string | string[] | undefined>): PageQuery {
  const pick = (name: string) => {
    const value = searchParams[name];
    const text = Array.isArray(value) ? value[0] : value;
    return text && text.length <= 512 ? text : undefined;
  };
  return { after: pick("after"), before: pick("before"), lenient: true };
}
