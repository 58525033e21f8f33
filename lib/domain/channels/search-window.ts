/**
 * The search of a term with more matches than one query may bind (search.ts): the matches are
 * read once from the trigram index with their sort value, and each page binds only the ids of its own
 * rows (and the next one's, which says whether there is a next page), so the list reads its page by
 * primary key rather than the provider's rows in order until a page of matches turns up.
 */
import type { Position } from "../paging";

/** A matching channel and its sort value (a Date, or the text SQLite stores it as). */
export interface Match {
  id: string;
  updatedAt: Date | string;
}

interface Keyed {
  id: string;
  at: number;
}

/** (updatedAt, id) ascending: the channel lists' order (lists.ts, CHANNEL_ORDER) turned around. */
const compare = (a: Keyed, b: Keyed) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The narrowing readKeysetPage applies to a page's read: the first `take` matches beyond the page's
 * position in the direction it is read.
 */
export function searchWindow(matches: Match[]) {
  const keyed = matches.map(({ id, updatedAt }) => ({ id, at: new Date(updatedAt).getTime() }));
  return (position: Position | null, direction: "asc" | "desc", take: number) => {
    const sign = direction === "asc" ? 1 : -1;
    const from = position && { id: String(position[1]), at: new Date(position[0]).getTime() };
    const beyond = from ? keyed.filter((match) => sign * compare(match, from) > 0) : [...keyed];
    beyond.sort((a, b) => sign * compare(a, b));
    return { id: { in: beyond.slice(0, take).map((match) => match.id) } };
  };
}
