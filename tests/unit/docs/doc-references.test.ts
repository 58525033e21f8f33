/**
 * Every reference in the docs and the code's comments resolves (issue 31, item 3): a Markdown link
 * names a file that exists and, after `#`, one of its headings; a comment that names a guide and a
 * heading in quotes names a heading that guide has; a path ARCHITECTURE.md writes exists, and every
 * top-level folder and file of lib/ is on its map; the README stays short. The second block feeds
 * each check a broken reference, so a check that stopped finding anything would fail too.
 */
import { existsSync, globSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** What the checks read: the repository here, a few files in memory in the checks' own tests. */
type Repo = {
  read(file: string): string | undefined;
  exists(file: string): boolean;
  /** Whether a pattern with `*` or `{a,b}` matches anything. */
  matches(pattern: string): boolean;
  /** The names at the repository's root, and the file names (no folder) under the code's folders. */
  rootNames: Set<string>;
  codeFileNames: Set<string>;
};

const README_MAX_LINES = 200;

/** The Markdown with every fenced block's lines blanked, so that a `#` comment there is no heading. */
function outsideFences(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line;
  });
}

function headings(markdown: string): string[] {
  return outsideFences(markdown).flatMap((line) => {
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    return match?.[1] !== undefined ? [match[1]] : [];
  });
}

/** GitHub's anchor of a heading: its text lower-cased, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a file's headings; a repeated heading's anchor gets -1, -2… as on GitHub. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const heading of headings(markdown)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The targets of the links outside code (fenced blocks and `inline code`). */
function linkTargets(markdown: string): string[] {
  const text = outsideFences(markdown)
    .join("\n")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^()\s<>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] ?? "",
  );
}

/** Problems with the links of one Markdown file. */
function brokenLinks(repo: Repo, file: string): string[] {
  const markdown = repo.read(file) ?? "";
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [rawPath, anchor] = target.split("#", 2) as [string, string | undefined];
    const linked = decodeURIComponent(rawPath);
    const resolved =
      linked === ""
        ? file
        : linked.startsWith("/")
          ? path.posix.normalize(linked.slice(1))
          : path.posix.normalize(path.posix.join(path.posix.dirname(file), linked));
    if (!repo.exists(resolved)) {
      problems.push(`${file}: link to ${target}: ${resolved} does not exist`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith(".md")) {
      if (!anchors(repo.read(resolved) ?? "").has(anchor.toLowerCase())) {
        problems.push(`${file}: link to ${target}: ${resolved} has no heading with the anchor #${anchor}`);
      }
    }
  }
  return problems;
}

/** Whether the text before a position, on its line, makes it a comment (`//`, `/*`, ` *`, `#`). */
function inComment(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  const before = text.slice(lineStart, index);
  return /\/\/|\/\*|^\s*\*|^\s*#/.test(before);
}

/** A heading named in a comment: exactly, or without the parenthesis that ends it ("Limits (what …)"). */
function hasHeading(markdown: string, named: string): boolean {
  return headings(markdown).some(
    (heading) => heading === named || heading.replace(/\s*\([^)]*\)$/, "") === named,
  );
}

const COMMENT_CONTINUATION = String.raw`[ \t]*\n[ \t]*(?:\*|\/\/\/?|#)?[ \t]*`;
const NAMED_HEADING = new RegExp(
  String.raw`(\bREADME(?:\.md)?(?:'s)?|\bdocs\/[\w./-]+\.md),?(?:[ \t]+|${COMMENT_CONTINUATION})"([^"]{1,150})"`,
  "g",
);

/** Problems with the `docs/<file>.md "Heading"` and `README "Heading"` references in a file's comments. */
function brokenCommentReferences(repo: Repo, file: string): string[] {
  const text = repo.read(file) ?? "";
  const problems: string[] = [];
  for (const match of text.matchAll(/\bdocs\/[\w./-]*\.md\b/g)) {
    if (inComment(text, match.index) && !repo.exists(match[0])) {
      problems.push(`${file}: names ${match[0]}, which does not exist`);
    }
  }
  for (const match of text.matchAll(NAMED_HEADING)) {
    if (!inComment(text, match.index)) continue;
    const [, guide = "", heading = ""] = match;
    const target = guide.startsWith("docs/") ? guide : "README.md";
    const named = heading.replace(new RegExp(COMMENT_CONTINUATION, "g"), " ").trim();
    const markdown = repo.read(target);
    if (markdown === undefined) continue; // reported above, for docs/; README.md always exists
    if (!hasHeading(markdown, named)) {
      problems.push(`${file}: names ${target} "${named}", a heading ${target} does not have`);
    }
  }
  return problems;
}

/** Problems with the paths ARCHITECTURE.md writes: in backquotes, and the first column of its map. */
function brokenArchitecturePaths(repo: Repo): string[] {
  const markdown = repo.read("ARCHITECTURE.md") ?? "";
  const problems: string[] = [];
  const check = (written: string, where: string) => {
    const exists = /[*{]/.test(written) ? repo.matches(written) : repo.exists(written.replace(/\/$/, ""));
    if (!exists) problems.push(`ARCHITECTURE.md: ${where} ${written} does not exist`);
  };
  const prose = outsideFences(markdown).join("\n");
  for (const [, quoted = ""] of prose.matchAll(/`([^`\n]+)`/g)) {
    if (/\s/.test(quoted)) continue;
    if (quoted.includes("/") && repo.rootNames.has(quoted.split("/")[0] ?? "")) check(quoted, "the path");
    else if (/^[\w.-]+\.tsx?$/.test(quoted) && !repo.codeFileNames.has(quoted)) {
      problems.push(`ARCHITECTURE.md: the file ${quoted} is no file of the code`);
    }
  }
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (fenced) {
      const match = /^([\w.-]+\/[\w./-]*|[\w.-]+\.\w+)((?:, [\w./-]+)*)\s{2,}\S/.exec(line);
      if (!match) continue;
      const written = [match[1] ?? "", ...(match[2] ?? "").split(", ").filter(Boolean)];
      for (const entry of written) {
        if (repo.rootNames.has(entry.split("/")[0] ?? "")) check(entry, "the map's");
      }
    }
  }
  return problems;
}

/** The top-level folders and files of lib/ that ARCHITECTURE.md does not name. */
function undescribedLibEntries(architecture: string, libEntries: string[]): string[] {
  return libEntries.filter((entry) => {
    const escaped = entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return !new RegExp(String.raw`(^|[^\w/.-])lib\/${escaped}(?![\w.-])`).test(architecture);
  });
}

function readmeLines(readme: string): number {
  return readme.replace(/\n$/, "").split("\n").length;
}

// ---------------------------------------------------------------------------------------------------

const root = path.resolve(import.meta.dirname, "../../..");
const CODE_FOLDERS = ["lib", "app", "components", "server", "scripts", "tests", "e2e", "prisma"];
const SKIPPED = new Set(["node_modules", "generated", ".next"]);
const THIS_FILE = "tests/unit/docs/doc-references.test.ts";

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
      (file) => file !== THIS_FILE && /\.(ts|tsx|js|mjs|cjs|sh|prisma|example)$|^\.ci\//.test(file),
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

describe("the reference checks find a broken reference", () => {
  const fake = (files: Record<string, string>): Repo => ({
    read: (file) => files[file],
    exists: (file) => file in files || Object.keys(files).some((name) => name.startsWith(`${file}/`)),
    matches: (pattern) => globSync(pattern, { cwd: root }).length > 0,
    rootNames: new Set(["docs", "lib", "README.md"]),
    codeFileNames: new Set(["config.ts"]),
  });
  const guide =
    "# Webhooks\n\n## Rotating an hmac secret\n\n```sh\n# not a heading\n```\n\n## Limits (what is accepted)\n";

  it("follows GitHub's anchors", () => {
    expect(slug("Limits (what the API accepts, and what a hostile request costs)")).toBe(
      "limits-what-the-api-accepts-and-what-a-hostile-request-costs",
    );
    expect(slug("A key's last requests")).toBe("a-keys-last-requests");
    expect(slug("Programs, budgets and delivery requests")).toBe("programs-budgets-and-delivery-requests");
  });

  it("a link to a missing file, or to an anchor that is no heading", () => {
    const repoWith = (readme: string) => fake({ "README.md": readme, "docs/webhooks.md": guide });
    expect(brokenLinks(repoWith("[ok](docs/webhooks.md#rotating-an-hmac-secret)"), "README.md")).toEqual([]);
    expect(brokenLinks(repoWith("[gone](docs/hooks.md)"), "README.md")).toHaveLength(1);
    expect(brokenLinks(repoWith("[gone](docs/webhooks.md#not-a-heading)"), "README.md")).toHaveLength(1);
    expect(brokenLinks(repoWith("[gone](#nowhere)"), "README.md")).toHaveLength(1);
    expect(brokenLinks(repoWith("`[code](nowhere.md)` and [web](https://example.org)"), "README.md")).toEqual(
      [],
    );
  });

  it("a comment naming a heading or a guide that does not exist", () => {
    const repoWith = (code: string) =>
      fake({ "README.md": "# Portal\n\n## Set up\n", "docs/webhooks.md": guide, "lib/a.ts": code });
    const check = (code: string) => brokenCommentReferences(repoWith(code), "lib/a.ts");
    expect(check(`/** Signed (docs/webhooks.md "Rotating an hmac secret"). */`)).toEqual([]);
    expect(check(`// see docs/webhooks.md "Limits"`)).toEqual([]);
    expect(check(`/**\n * as docs/webhooks.md\n * "Rotating an hmac secret" says */`)).toEqual([]);
    expect(check(`/** see README "Set up" */`)).toEqual([]);
    expect(check(`// see docs/webhooks.md "Rotating a secret"`)).toEqual([
      expect.stringMatching(/^lib\/a\.ts: names docs\/webhooks\.md "Rotating a secret"/),
    ]);
    expect(check(`// see README, "Webhooks"`)).toHaveLength(1);
    expect(check(`// see docs/hooks.md "Webhooks"`)).toHaveLength(1);
    expect(check(`const text = "docs/hooks.md";`)).toEqual([]);
  });

  it("a path in ARCHITECTURE.md that does not exist", () => {
    const repoWith = (architecture: string) =>
      fake({ "ARCHITECTURE.md": architecture, "lib/jobs/workers.ts": "", "lib/config.ts": "" });
    expect(brokenArchitecturePaths(repoWith("`lib/jobs/`, `lib/jobs/workers.ts`, `config.ts`"))).toEqual([]);
    expect(brokenArchitecturePaths(repoWith("`lib/jobs/mailer.ts`"))).toHaveLength(1);
    expect(brokenArchitecturePaths(repoWith("`mailer.ts`"))).toHaveLength(1);
    expect(brokenArchitecturePaths(repoWith("```\nlib/queue/   workers\n```"))).toHaveLength(1);
  });

  it("a top-level folder or file of lib/ that ARCHITECTURE.md does not name", () => {
    const architecture = "lib/jobs/ workers; `lib/config.ts` settings";
    expect(undescribedLibEntries(architecture, ["jobs", "config.ts"])).toEqual([]);
    expect(undescribedLibEntries(architecture, ["jobs", "config.ts", "log.ts", "db"])).toEqual([
      "log.ts",
      "db",
    ]);
    expect(undescribedLibEntries("lib/config-schema.ts", ["config.ts"])).toEqual(["config.ts"]);
  });

  it("a README over the limit", () => {
    expect(readmeLines("line\n".repeat(README_MAX_LINES))).toBe(README_MAX_LINES);
    expect(readmeLines("line\n".repeat(README_MAX_LINES + 1))).toBeGreaterThan(README_MAX_LINES);
  });
});
