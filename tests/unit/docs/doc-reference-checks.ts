/**
 * The reference checks of doc-references.test.ts, each a function of a Repo (the repository there,
 * a few files in memory in doc-reference-checks.test.ts, which feeds each a broken reference): a
 * Markdown link names a file that exists and, after `#`, one of its headings; a comment that names
 * a guide and a heading in quotes names a heading that guide has; a path ARCHITECTURE.md writes
 * exists, and every top-level folder and file of lib/ is on its map; the README stays short.
 */
import path from "node:path";
import { anchorCounter } from "@/lib/guides/anchors";

/** What the checks read: the repository here, a few files in memory in the checks' own tests. */
export type Repo = {
  read(file: string): string | undefined;
  exists(file: string): boolean;
  /** Whether a pattern with `*` or `{a,b}` matches anything. */
  matches(pattern: string): boolean;
  /** The names at the repository's root, and the file names (no folder) under the code's folders. */
  rootNames: Set<string>;
  codeFileNames: Set<string>;
};

export const README_MAX_LINES = 200;

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

/** The anchors of a file's headings; a repeated heading's anchor gets -1, -2… as on GitHub. */
function anchors(markdown: string): Set<string> {
  const anchor = anchorCounter();
  const result = new Set<string>();
  for (const heading of headings(markdown)) result.add(anchor(heading));
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
export function brokenLinks(repo: Repo, file: string): string[] {
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
export function brokenCommentReferences(repo: Repo, file: string): string[] {
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
export function brokenArchitecturePaths(repo: Repo): string[] {
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
export function undescribedLibEntries(architecture: string, libEntries: string[]): string[] {
  return libEntries.filter((entry) => {
    const escaped = entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return !new RegExp(String.raw`(^|[^\w/.-])lib\/${escaped}(?![\w.-])`).test(architecture);
  });
}

export function readmeLines(readme: string): number {
  return readme.replace(/\n$/, "").split("\n").length;
}
