/** Editing test bodies by path: the contract tests vary one field at a time. */
export type Json = Record<string, unknown>;

/** `contacts[0].email` → ["contacts", 0, "email"]. */
export function parsePath(path: string): (string | number)[] {
  return path
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((part) => (part.startsWith("[") ? Number(part.slice(1, -1)) : part));
}

/** A copy of `body` with the value at `path` replaced, or removed when `value` is undefined. */
export function withValue(body: Json, path: string, value: unknown): Json {
  const copy = structuredClone(body);
  const keys = parsePath(path);
  let target = copy as Record<string | number, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** A copy of `body` with each path of `values` set as withValue does, in order. */
export function withValues(body: Json, values: Record<string, unknown>): Json {
  return Object.entries(values).reduce(
    (copy, [path, value]) => withValue(copy, path, value),
    structuredClone(body),
  );
}

/** An edit that sets `path` to `value` as withValue does (for tables of body edits). */
export const set =
  (path: string, value: unknown) =>
  (body: Json): Json =>
    withValue(body, path, value);
