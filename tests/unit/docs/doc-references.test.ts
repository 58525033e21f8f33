/**
 * Every reference in the docs and the code's comments resolves (issue 31, item 3): a Markdown link
 * names a file that exists and, after `#`, one of its headings; a comment that names a guide and a
 * heading in quotes names a heading that guide has; a path ARCHITECTURE.md writes exists, and every
 * top-level folder and file of lib/ is on its map; the README stays short. The checks are in
 * doc-reference-checks.ts; doc-reference-checks.test.ts feeds each a broken reference, so a check
 * that stopped finding anything would fail too.
 */
import { existsSync, globSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  brokenArchitecturePaths,
  brokenCommentReferences,
  brokenLinks,
  README_MAX_LINES,
  type Repo,
  readmeLines,
  undescribedLibEntries,
} from "./doc-reference-checks";

// ---------------------------------------------------------------------------------------------------

const root = path.resolve(import.meta.dirname, "../../..");
const CODE_FOLDERS = ["lib", "app", "components", "server", "scripts", "tests", "e2e", "prisma"];
const SKIPPED = new Set(["node_modules", "generated", ".next"]);
/** The checks, their own tests and this file name broken references on purpose. */
const SELF = new Set(
  ["doc-references.test.ts", "doc-reference-checks.ts", "doc-reference-checks.test.ts"].map(
    (name) => `tests/unit/docs/${name}`,
  ),
);

function walk(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(relative);
    return entry.isFile() ? [relative] : []; // a symlink (prisma's schemas link the models) is read once, where it points
  });
}

const codeFiles = CODE_FOLDERS.flatMap(walk);
const repo: Repo = {
  read: (file) =>
    existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), "utf8") : undefined,
  exists: (file) => existsSync(path.join(root, file)),
  matches: (pattern) => globSync(pattern, { cwd: root }).length > 0,
  rootNames: new Set(readdirSync(root)),
  codeFileNames: new Set([...codeFiles, ...readdirSync(root)].map((file) => path.posix.basename(file))),
};
const markdownFiles = [
  "README.md",
  "ARCHITECTURE.md",
  "CONTRIBUTING.md",
  ...walk("docs").filter((file) => file.endsWith(".md") && !file.startsWith("docs/spec/")),
];

describe("the docs and the comments point at what exists", () => {
  it("every Markdown link names an existing file and, after #, one of its headings", () => {
    expect(markdownFiles.flatMap((file) => brokenLinks(repo, file))).toEqual([]);
  });

  it('every comment naming docs/….md "Heading" or README "Heading" names an existing heading', () => {
    const commented = [".env.example", ".ci/run", ...codeFiles].filter(
      (file) => !SELF.has(file) && /\.(ts|tsx|js|mjs|cjs|sh|prisma|example)$|^\.ci\//.test(file),
    );
    expect(commented.flatMap((file) => brokenCommentReferences(repo, file))).toEqual([]);
  });

  it("every path ARCHITECTURE.md writes exists", () => {
    expect(brokenArchitecturePaths(repo)).toEqual([]);
  });

  it("ARCHITECTURE.md names every top-level folder and file of lib/", () => {
    const libEntries = readdirSync(path.join(root, "lib")).filter(
      (entry) => statSync(path.join(root, "lib", entry)).isDirectory() || /\.tsx?$/.test(entry),
    );
    expect(undescribedLibEntries(repo.read("ARCHITECTURE.md") ?? "", libEntries)).toEqual([]);
  });

  it(`the README is at most ${README_MAX_LINES} lines`, () => {
    expect(readmeLines(repo.read("README.md") ?? "")).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
