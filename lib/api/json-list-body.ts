/**
 * A body whose one large member is a list (a send's up to 10,000 deliveries), read an item at a
 * time: parsed whole, its objects and their copies held about ten times the body's size at once,
 * and two large sends exhausted the heap (issue 35). Here one pass over the text finds where each
 * item lies; the rest of the body is parsed and checked alone, each item is parsed and checked
 * alone and let go, and the operation gets the list as a `slice`-able view that parses its items
 * again when read, a batch at a time. What a send holds is its text, two numbers an item and a batch.
 *
 * The answers are those of parsing the whole body with the whole schema: the same 400 messages for
 * the same faults. A body the pass cannot split exactly as JSON.parse reads it (a duplicated or
 * escaped member name, a list that is not a list) is parsed whole instead.
 */
import { z } from "zod";
import { fieldPath, requiredWhenMissing } from "../contract/issues";
import { findUnstorableText } from "../contract/stored-text";
import { costOfListBody } from "../infrastructure/admission";
import { validationError } from "./api-errors";
import { type BodyReader, parseJson } from "./json-body";
import { describeIssues, parseOrThrow } from "./validation";

/** The member read item by item, and the schema of one item. */
export interface ListMember {
  name: string;
  item: z.ZodType;
}

/** Items checked before other requests take a turn. */
const ITEMS_PER_TURN = 500;

/** A list member's items as the operation reads them: a batch at a time, each parsed and checked anew. */
export interface ItemList<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/** The reader of a body with a list `member`, checked with `schema` (whose `member` is an array of `member.item`). */
export function listBody<T>(schema: z.ZodObject, member: ListMember): BodyReader<T> {
  const rest = schema.omit({ [member.name]: true } as never);
  const count = countSchemaOf(schema.shape[member.name] as z.ZodArray);
  return {
    cost: costOfListBody,
    async read(text) {
      const whole = () => parseOrThrow(schema, parseJson(text)) as T;
      const found = locateList(text, member.name);
      if (!found) return whole();
      const head = parseJson(found.head) as Record<string, unknown>;
      // A member name JSON.parse reads as the list's (an escape) would replace it: read whole instead.
      const listRead = head[member.name];
      if (!Array.isArray(listRead) || listRead.length > 0 || Object.keys(head).length !== found.members)
        return whole();
      delete head[member.name];
      const items = itemsOf(text, found, member);
      // As the whole body's parse: an item that is not JSON, or holds unstorable text, is the one problem.
      const itemProblems: string[] = [];
      for (let index = 0; index < found.length; index++) {
        itemProblems.push(...items.problemsAt(index));
        // Other requests take their turn between batches: 10,000 items are checked in about a second.
        if (index % ITEMS_PER_TURN === ITEMS_PER_TURN - 1) await new Promise(setImmediate);
      }
      const problems: string[] = [];
      const checkedHead = rest.safeParse(head, { error: requiredWhenMissing, reportInput: false });
      if (!checkedHead.success) problems.push(...describeIssues(checkedHead.error.issues));
      const counted = count.safeParse(new Array(found.length).fill(null), { reportInput: false });
      if (!counted.success)
        problems.push(...describeIssues(counted.error.issues.map((issue) => withPath(issue, [member.name]))));
      problems.push(...itemProblems);
      if (problems.length || !checkedHead.success) throw validationError(problems);
      return { ...checkedHead.data, [member.name]: items.list } as T;
    },
  };
}

/** The list schema's count rules (min, max), without its items': checked on the count alone. */
function countSchemaOf(list: z.ZodArray): z.ZodType {
  return z.array(z.unknown()).check(...((list._zod.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[]));
}

function withPath(issue: z.core.$ZodIssue, prefix: PropertyKey[]): z.core.$ZodIssue {
  return { ...issue, path: [...prefix, ...issue.path] } as z.core.$ZodIssue;
}

/** Reads and checks the items found in `text`. */
function itemsOf(text: string, found: FoundList, member: ListMember) {
  const parseItem = (index: number): unknown =>
    JSON.parse(text.slice(found.bounds[2 * index]!, found.bounds[2 * index + 1]!));
  return {
    /**
     * What is wrong with item `index`, said as the whole body's check says it; throws the one 400 of
     * an item that is not JSON or holds text no database stores, as parsing the whole body does.
     */
    problemsAt(index: number): string[] {
      const at: PropertyKey[] = [member.name, index];
      let item: unknown;
      try {
        item = parseItem(index);
      } catch {
        throw validationError(["The request body is not valid JSON"]);
      }
      const unstorable = findUnstorableText(item);
      if (unstorable) {
        const base = fieldPath(at);
        const inner = unstorable.path;
        const where = !inner ? base : inner.startsWith("[") ? base + inner : `${base}.${inner}`;
        throw validationError([`${where}: ${unstorable.message}`]);
      }
      const checked = member.item.safeParse(item, { error: requiredWhenMissing, reportInput: false });
      return checked.success ? [] : describeIssues(checked.error.issues.map((issue) => withPath(issue, at)));
    },
    list: {
      length: found.length,
      slice(start: number, end: number) {
        const items: unknown[] = [];
        for (let index = Math.max(0, start); index < Math.min(end, found.length); index++)
          items.push(member.item.parse(parseItem(index)));
        return items;
      },
    } satisfies ItemList<unknown>,
  };
}

interface FoundList {
  /** The body with the list emptied (`[]`): the rest of its members, parsed alone. */
  head: string;
  /** The top-level members the pass found, the list's included. */
  members: number;
  length: number;
  /** Each item's start and end in the text. */
  bounds: Int32Array;
}

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** Past the string opening at `i` (a quote): the index after its closing quote; -1 if it never closes. */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const code = text.charCodeAt(j);
    if (code === 0x5c) j++;
    else if (code === 0x22) return j + 1;
  }
  return -1;
}

/** Past the value starting at `i`: the index after it; -1 when it does not end where JSON says. */
function skipValue(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === 0x22) return skipString(text, i);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const code = text.charCodeAt(j);
      if (code === 0x22) {
        j = skipString(text, j) - 1;
        if (j < 0) return -1;
      } else if (code === 0x7b || code === 0x5b) depth++;
      else if (code === 0x7d || code === 0x5d) {
        if (--depth === 0) return j + 1;
      }
    }
    return -1;
  }
  // A literal (number, true, false, null): up to the next delimiter; JSON.parse judges it.
  let j = i;
  while (j < text.length) {
    const code = text.charCodeAt(j);
    if (code === 0x2c || code === 0x7d || code === 0x5d || isSpace(code)) break;
    j++;
  }
  return j > i ? j : -1;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Where the top-level member `name`'s list and each of its items lie, in one pass; undefined when
 * the body is not an object holding that member once, as a list, in plain JSON.
 */
export function locateList(text: string, name: string): FoundList | undefined {
  const key = JSON.stringify(name);
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  i = skipSpace(text, i + 1);
  let members = 0;
  let list: { start: number; end: number; bounds: number[] } | undefined;
  if (text.charCodeAt(i) === 0x7d) return undefined;
  for (;;) {
    if (text.charCodeAt(i) !== 0x22) return undefined;
    const keyEnd = skipString(text, i);
    if (keyEnd < 0) return undefined;
    const isList = text.slice(i, keyEnd) === key;
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) return undefined;
    i = skipSpace(text, i + 1);
    members++;
    if (isList) {
      if (list || text.charCodeAt(i) !== 0x5b) return undefined;
      const bounds: number[] = [];
      const start = i;
      i = skipSpace(text, i + 1);
      if (text.charCodeAt(i) !== 0x5d) {
        for (;;) {
          const end = skipValue(text, i);
          if (end < 0) return undefined;
          bounds.push(i, end);
          i = skipSpace(text, end);
          if (text.charCodeAt(i) === 0x5d) break;
          if (text.charCodeAt(i) !== 0x2c) return undefined;
          i = skipSpace(text, i + 1);
        }
      }
      list = { start, end: i + 1, bounds };
      i = skipSpace(text, i + 1);
    } else {
      const end = skipValue(text, i);
      if (end < 0) return undefined;
      i = skipSpace(text, end);
    }
    if (text.charCodeAt(i) === 0x7d) break;
    if (text.charCodeAt(i) !== 0x2c) return undefined;
    i = skipSpace(text, i + 1);
  }
  if (!list || skipSpace(text, i + 1) !== text.length) return undefined;
  return {
    head: `${text.slice(0, list.start)}[]${text.slice(list.end)}`,
    members,
    length: list.bounds.length / 2,
    bounds: Int32Array.from(list.bounds),
  };
}
