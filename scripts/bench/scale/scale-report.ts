/** bench:scale's tables (one per size, then each figure against the smallest size's) and its JSON. */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Timing } from "./scale-measure";
import { ARTIFACTS, DB_KIND, DB_LABEL, ROOT, RUNS, type Step } from "./scale-options";

export interface SizeResult extends Step {
  seed: { channelsPerSecond: number; deliveriesPerSecond: number; seconds: number };
  timings: Timing[];
}

/** Flagged: slower than this, or this many times the smallest size's figure. */
export const SLOW_MS = 150;
export const RATIO_LIMIT = 2;

const count = (n: number) => n.toLocaleString("en-US");
const sizeName = (size: Step) => `${count(size.channels)} channels, ${count(size.deliveries)} deliveries`;

function table(header: string[], lines: string[][]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  const format = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(format(line));
}

export function printSize(result: SizeResult): void {
  const { seed } = result;
  console.log(
    `\n${sizeName(result)} (${DB_KIND}; median and max of ${RUNS} requests after a warm-up, wall time over loopback, ms)`,
  );
  console.log(
    `seeded in ${seed.seconds.toFixed(1)} s: ${count(Math.round(seed.channelsPerSecond))} channels/s, ` +
      `${count(Math.round(seed.deliveriesPerSecond))} deliveries/s`,
  );
  table(
    ["page / endpoint", "median ms", "max ms", "HTTP"],
    result.timings.map((t) => [t.name, t.medianMs.toFixed(1), t.maxMs.toFixed(1), t.status]),
  );
}

/** Every name measured at any size, in the order first seen. */
const names = (results: SizeResult[]) => [...new Set(results.flatMap((r) => r.timings.map((t) => t.name)))];

export function printComparison(results: SizeResult[]): void {
  const first = results[0]!;
  const header = [
    "page / endpoint",
    ...results.map((r) => `${count(r.channels)} ch / ${count(r.deliveries)} del`),
    "ratio",
    "flag",
  ];
  const lines = names(results).map((name) => {
    const figures = results.map((r) => r.timings.find((t) => t.name === name));
    const base = first.timings.find((t) => t.name === name);
    const last = figures.at(-1);
    const ratio = base && last ? last.medianMs / Math.max(base.medianMs, 0.1) : undefined;
    const slow = figures.some((t) => t && t.medianMs > SLOW_MS);
    const failed = figures.some((t) => t && !/^[23]\d\d$/.test(t.status));
    const flag = [
      slow ? `>${SLOW_MS}ms` : "",
      ratio !== undefined && ratio > RATIO_LIMIT ? `×${ratio.toFixed(1)}` : "",
      failed ? "HTTP" : "",
    ]
      .filter(Boolean)
      .join(" ");
    return [
      name,
      ...figures.map((t) => (t ? t.medianMs.toFixed(1) : "–")),
      ratio ? ratio.toFixed(2) : "–",
      flag ? `⚠ ${flag}` : "",
    ];
  });
  console.log(
    `\nMedian ms by size (${DB_KIND}); ratio: the largest size's median over the smallest's. ⚠ marks over ${SLOW_MS} ms, a ratio over ${RATIO_LIMIT}, or a non-2xx/3xx answer.`,
  );
  table(header, lines);
}

export function writeReport(results: SizeResult[]): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `bench-scale-${DB_KIND}.json`);
  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model.trim(), node: process.version },
    database: { kind: DB_KIND, url: DB_LABEL },
    method: `median and max of ${RUNS} sequential requests after one warm-up; wall time over loopback (no Server-Timing header)`,
    thresholds: { slowMs: SLOW_MS, ratio: RATIO_LIMIT },
    sizes: results,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(ROOT, file);
}
