/**
 * Every amount a page prints goes through the one formatter, every number a person types into a
 * money field through the one reader (issue 30, finding 4). What the pages render is checked
 * through the server in tests/api/pages/one-voice-pages.test.ts; this scan finds the ways around them in
 * the source of the pages and components: numbers formatted by hand, an amount or its hundredths
 * printed raw, an amount handed to a message as a bare number, an amount field that is not the
 * money field.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sources(relative);
    return /\.tsx?$/.test(name) ? [relative] : [];
  });
}

/** What each rule finds, and why it is a way around the one format. */
const RULES: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /\.toFixed\(|\.toLocaleString\(|new Intl\.NumberFormat\(/, why: "formats a number by hand" },
  {
    // A JSX child (not an attribute: no `=` before the brace) that is an amount or its hundredths.
    pattern: /(?<![=$])\{\s*[\w.?!]*(?:Minor|\.amount|[Tt]hreshold)\s*\}/,
    why: "prints an amount without the formatter",
  },
  {
    pattern: /`[^`]*\$\{\s*[\w.?!]*(?:Minor|\.amount|[Tt]hreshold)\s*\}/,
    why: "writes an amount into a text without the formatter",
  },
  {
    // A message's argument that is an amount, handed over as a bare number.
    pattern:
      /\b(?:amount|total|threshold|remaining|budget|limit)\w*:\s*[\w.?!]*(?:Minor|Threshold|\.amount)\s*[,}]/,
    why: "hands a message an amount as a bare number",
  },
  { pattern: /inputMode="decimal"/, why: "is an amount field that is not components/ui/money-input.tsx" },
];

/** The formatter, the reader and the money field themselves. */
const ALLOWED = new Set(["components/ui/money-input.tsx"]);

describe("one amount format", () => {
  it("no page or component formats, prints or reads an amount around the formatter", () => {
    const found: string[] = [];
    for (const file of [...sources("app"), ...sources("components")]) {
      if (ALLOWED.has(file)) continue;
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (/^\s*(import|export \{)/.test(line)) return;
          for (const { pattern, why } of RULES)
            if (pattern.test(line)) found.push(`${file}:${index + 1} ${why}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("the scan finds each way around it (so that it cannot pass by finding nothing)", () => {
    const lines = [
      "<td>{(amount / 100).toFixed(2)}</td>",
      "<span>{request.totalMinor}</span>",
      "<dd>{budget.amount}</dd>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source line the scan must find
      "title={`${policy.deliveryThreshold} EUR`}",
      't("rule", { threshold: policy.deliveryThreshold, unit })',
      'inputMode="decimal"',
    ];
    for (const line of lines)
      expect(
        RULES.some(({ pattern }) => pattern.test(line)),
        line,
      ).toBe(true);
    for (const line of [
      "unit={program.unit}",
      "{format.amount(request.totalMinor, request.unit)}",
      "amount: format.amount(toMinor(policy.deliveryThreshold), unit),",
    ])
      expect(
        RULES.some(({ pattern }) => pattern.test(line)),
        line,
      ).toBe(false);
  });
});
