/**
 * The reference checks of doc-references.test.ts (doc-reference-checks.ts) find a broken reference:
 * each is fed a few files in memory, right and wrong, so a check that stopped finding anything
 * would fail here even while the repository's references all resolve.
 */
import { globSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingAnchor as slug } from "@/lib/guides/anchors";
import {
  brokenArchitecturePaths,
  brokenCommentReferences,
  brokenLinks,
  README_MAX_LINES,
  type Repo,
  readmeLines,
  undescribedLibEntries,
} from "./doc-reference-checks";

const root = path.resolve(import.meta.dirname, "../../..");

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
