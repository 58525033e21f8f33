/**
 * A field-level diff of two channel contents (the approved one and a request's), for the review
 * page: every leaf that was added, removed or changed, by path. Lists of plain values (countries,
 * currencies…) are compared as sets — which distinct values were added and which removed; lists of
 * objects (contacts, delivery options) item by item. Linear in the size of both contents: stored
 * channels may hold lists of 100,000 entries, so nothing here compares every item with every other.
 */
export type Change =
  | { path: string; kind: "added"; after: unknown }
  | { path: string; kind: "removed"; before: unknown }
  | { path: string; kind: "changed"; before: unknown; after: unknown }
  | { path: string; kind: "values"; added: unknown[]; removed: unknown[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) =>
  value === undefined || value === null || (Array.isArray(value) && value.length === 0);
const isPlainList = (value: unknown[]) => value.every((item) => !isObject(item) && !Array.isArray(item));
const join = (path: string, key: string | number) =>
  typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/** The distinct values of `list` that `other` lacks, in order of first appearance. */
const missingFrom = (list: unknown[], other: ReadonlySet<unknown>) =>
  [...new Set(list)].filter((value) => !other.has(value));

export function diffContent(before: unknown, after: unknown, path = ""): Change[] {
  const changes: Change[] = [];
  collect(before, after, path, changes);
  return changes;
}

/** Appends to one array rather than flattening nested ones: a long list of objects stays linear. */
function collect(before: unknown, after: unknown, path: string, changes: Change[]): void {
  if (isEmpty(before) && isEmpty(after)) return;
  if (isEmpty(before)) return void changes.push({ path, kind: "added", after });
  if (isEmpty(after)) return void changes.push({ path, kind: "removed", before });
  if (Array.isArray(before) && Array.isArray(after)) {
    if (isPlainList(before) && isPlainList(after)) {
      const added = missingFrom(after, new Set(before));
      const removed = missingFrom(before, new Set(after));
      if (added.length || removed.length) changes.push({ path, kind: "values", added, removed });
      return;
    }
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++)
      collect(before[index], after[index], join(path, index), changes);
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      collect(before[key], after[key], join(path, key), changes);
    return;
  }
  if (!Object.is(before, after)) changes.push({ path, kind: "changed", before, after });
}
