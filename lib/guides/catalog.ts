/**
 * The guides the product serves: exactly those the docs index (docs/README.md) lists in its table,
 * read from docs/ under the server's working directory. A request names a guide by its slug; the
 * file read is always one this catalog built from the index, never a path taken from the request.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export interface Guide {
  /** The file's name without `.md`: lower-case letters, digits and hyphens. */
  slug: string;
  /** The index's name for it. */
  title: string;
}

/** A row of the index's table: `| [Title](slug.md) | what it answers |`. */
const INDEX_ROW = /^\|\s*\[([^\]]+)\]\(([a-z0-9][a-z0-9-]{0,63})\.md\)\s*\|/;

const docsFolder = () => path.join(process.cwd(), "docs");

/** The guides an index lists, in its order. */
export function parseGuideIndex(index: string): Guide[] {
  return index.split("\n").flatMap((line) => {
    const match = INDEX_ROW.exec(line);
    return match?.[1] && match[2] ? [{ title: match[1], slug: match[2] }] : [];
  });
}

interface Catalog {
  index: string;
  guides: Guide[];
  bySlug: Map<string, Guide>;
}

let cached: Catalog | undefined;

/** The docs index and its guides, read once per process (the files ship with the server). */
export function guideCatalog(): Catalog {
  if (!cached) {
    const index = readFileSync(path.join(docsFolder(), "README.md"), "utf8");
    const guides = parseGuideIndex(index);
    cached = { index, guides, bySlug: new Map(guides.map((guide) => [guide.slug, guide])) };
  }
  return cached;
}

/** The guide the index lists under this slug; undefined for anything else. */
export function findGuide(slug: string): Guide | undefined {
  return guideCatalog().bySlug.get(slug);
}

/** The listed guide of this slug and its Markdown; undefined for any slug the index does not list. */
export function readGuide(slug: string): { guide: Guide; markdown: string } | undefined {
  const guide = findGuide(slug);
  if (!guide) return undefined;
  return { guide, markdown: readFileSync(path.join(docsFolder(), `${guide.slug}.md`), "utf8") };
}
