/**
 * A heading's anchor as GitHub makes it (its text lower-cased, punctuation dropped, spaces to
 * hyphens), so that `guide.md#anchor` links written for GitHub land on the same heading when the
 * product serves the guide at /guides/<slug>.
 */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Anchors in document order, a repeated one getting -1, -2… as on GitHub. */
export function anchorCounter() {
  const seen = new Map<string, number>();
  return (heading: string) => {
    const base = headingAnchor(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}
