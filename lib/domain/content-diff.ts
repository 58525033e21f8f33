/**
 * A field-level diff of two channel contents (the approved one and a request's), for the review
 * page: every leaf that was added, removed or changed, by path. Lists of plain values (countries,
 * currencies…) are compared as sets — which values were added and which removed; lists of objects
 * (contacts, delivery options) item by item.
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

export function diffContent(before: unknown, after: unknown, path = ""): Change[] {
  if (isEmpty(before) && isEmpty(after)) return [];
  if (isEmpty(before)) return [{ path, kind: "added", after }];
  if (isEmpty(after)) return [{ path, kind: "removed", before }];
  if (Array.isArray(before) && Array.isArray(after)) {
    if (isPlainList(before) && isPlainList(after)) {
      const added = after.filter((value) => !before.includes(value));
      const removed = before.filter((value) => !after.includes(value));
      return added.length || removed.length ? [{ path, kind: "values", added, removed }] : [];
    }
    return Array.from({ length: Math.max(before.length, after.length) }, (_, index) =>
      diffContent(before[index], after[index], join(path, index)),
    ).flat();
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffContent(before[key], after[key], join(path, key)));
  }
  return Object.is(before, after) ? [] : [{ path, kind: "changed", before, after }];
}
