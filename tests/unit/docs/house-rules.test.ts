/**
 * The house's rules that a newcomer relies on to find things (issue 31): no folder of hand-written
 * product code holds more than MAX_FILES_PER_FOLDER files, and no two product files share a name, so
 * a name found in a log, a stack trace or a review points at one file. Next's own file conventions
 * (page.tsx, layout.tsx, route.ts…) and a folder's index.ts are names the framework or the folder
 * gives, not ours. The features of lib/domain import each other only downwards, in the order
 * ARCHITECTURE.md gives (lint refuses a leaf import, `../channels/columns`; this refuses a loop,
 * which an index import alone would still allow). The second block feeds each rule a breaking
 * layout, so a rule that stopped finding anything would fail too.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MAX_FILES_PER_FOLDER = 25;
const PRODUCT_FOLDERS = ["app", "components", "lib", "server", "scripts"];
const GENERATED = /^lib\/db\/generated\//;
/** Names Next.js or a folder's public face decide: the same in every route or feature by design. */
const CONVENTIONAL_NAMES = new Set([
  "page.tsx",
  "layout.tsx",
  "route.ts",
  "error.tsx",
  "not-found.tsx",
  "loading.tsx",
  "index.ts",
]);

function productFiles(): string[] {
  const tracked = execFileSync("git", ["ls-files", ...PRODUCT_FOLDERS], { encoding: "utf8" });
  return tracked.split("\n").filter((file) => /\.(ts|tsx)$/.test(file) && !GENERATED.test(file));
}

/** Folders holding more than the limit of files directly, with their counts. */
function crowdedFolders(files: string[]): string[] {
  const counts = new Map<string, number>();
  for (const file of files) counts.set(path.dirname(file), (counts.get(path.dirname(file)) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > MAX_FILES_PER_FOLDER).map(([dir, n]) => `${dir} (${n})`);
}

/** File names that stand in more than one place, each with its places. */
function repeatedNames(files: string[]): string[] {
  const places = new Map<string, string[]>();
  for (const file of files) {
    const name = path.basename(file);
    if (!CONVENTIONAL_NAMES.has(name)) places.set(name, [...(places.get(name) ?? []), file]);
  }
  return [...places]
    .filter(([, where]) => where.length > 1)
    .map(([name, where]) => `${name}: ${where.join(", ")}`);
}

/** The features in ARCHITECTURE.md's order, from the bottom: "in this order from the bottom: audit, …, home;". */
function documentedOrder(architecture: string): string[] {
  const list = /in this order from the bottom:([^;]*);/.exec(architecture)?.[1] ?? "";
  return list
    .replace(/\s+/g, " ")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Each feature folder of lib/domain and the features its files import (`../x` or `@/lib/domain/x`). */
function featureImports(): Map<string, Set<string>> {
  const domain = "lib/domain";
  const features = readdirSync(domain, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const names = new Set(features.map((entry) => entry.name));
  const imports = new Map<string, Set<string>>();
  for (const { name } of features) {
    const used = new Set<string>();
    for (const file of readdirSync(path.join(domain, name)).filter((file) => file.endsWith(".ts"))) {
      const source = readFileSync(path.join(domain, name, file), "utf8");
      for (const [, other] of source.matchAll(/from "(?:\.\.|@\/lib\/domain)\/([a-z-]+)[/"]/g))
        if (other && other !== name && names.has(other)) used.add(other);
    }
    imports.set(name, used);
  }
  return imports;
}

/** Imports that point up or sideways in `order` (or come from a feature it does not list), as "a → b". */
function importsAgainstOrder(imports: Map<string, Set<string>>, order: string[]): string[] {
  const place = new Map(order.map((name, index) => [name, index]));
  const wrong: string[] = [];
  for (const [feature, used] of imports) {
    const own = place.get(feature);
    if (own === undefined) wrong.push(`${feature}: not in ARCHITECTURE.md's order`);
    else
      for (const other of used)
        if ((place.get(other) ?? Infinity) >= own) wrong.push(`${feature} → ${other}`);
  }
  return wrong.sort();
}

describe("the house's layout", () => {
  const files = productFiles();

  it("reads the product's files", () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it(`keeps every folder of product code at ${MAX_FILES_PER_FOLDER} files or fewer`, () => {
    expect(crowdedFolders(files)).toEqual([]);
  });

  it("gives every product file a name no other has", () => {
    expect(repeatedNames(files)).toEqual([]);
  });

  it("lets each feature of lib/domain import only the features below it in ARCHITECTURE.md's order", () => {
    const imports = featureImports();
    expect(imports.size).toBeGreaterThan(10);
    const order = documentedOrder(readFileSync("ARCHITECTURE.md", "utf8"));
    // Every feature has its place, and the order names no feature that is gone.
    expect([...order].sort()).toEqual([...imports.keys()].sort());
    expect(importsAgainstOrder(imports, order)).toEqual([]);
  });
});

describe("the layout rules find what breaks them", () => {
  it("finds a crowded folder", () => {
    const crowded = Array.from({ length: MAX_FILES_PER_FOLDER + 1 }, (_, i) => `lib/x/f${i}.ts`);
    expect(crowdedFolders([...crowded, "lib/y/a.ts"])).toEqual([`lib/x (${MAX_FILES_PER_FOLDER + 1})`]);
  });

  it("finds a repeated name and lets Next's conventions repeat", () => {
    const files = [
      "lib/a/csv.ts",
      "lib/b/csv.ts",
      "app/x/page.tsx",
      "app/y/page.tsx",
      "lib/a/index.ts",
      "lib/b/index.ts",
    ];
    expect(repeatedNames(files)).toEqual(["csv.ts: lib/a/csv.ts, lib/b/csv.ts"]);
  });

  it("finds two features that import each other, and one the order does not list", () => {
    const imports = new Map([
      ["audit", new Set<string>()],
      ["channels", new Set(["audit", "payments"])],
      ["payments", new Set(["channels"])],
      ["newcomer", new Set(["audit"])],
    ]);
    expect(
      importsAgainstOrder(
        imports,
        documentedOrder("in this order from the bottom: audit,\n  channels, payments; lint"),
      ),
    ).toEqual(["channels → payments", "newcomer: not in ARCHITECTURE.md's order"]);
  });
});
