/** The result of one bench-sends.ts configuration, and the table of them all that the run ends with. */
import type { SendResult } from "./sends-measure";

export interface ConfigResult {
  db: string;
  options: number;
  concurrent: number;
  rows: number;
  bodyMb: number;
  sends: SendResult[];
  survived: boolean;
  exit?: string;
  outOfHeap: boolean;
  rssBeforeMb: number;
  peakRssMb: number;
  /** --trace-gc: live heap after the last full collection before the sends, the most in use at any collection during them, and the most a full collection left live. */
  heapBeforeMb?: number;
  peakHeapMb?: number;
  peakLiveHeapMb?: number;
  worstHealthMs: number;
  healthPolls: number;
  healthFailures: number;
  wallSeconds: number;
  /** The machine's 1-minute load average when the sends began: other work skews the times. */
  loadAverage: number;
}

export function printTable(results: ConfigResult[]) {
  const header = [
    "db",
    "opts",
    "K",
    "rows",
    "body MB",
    "sends (status/s)",
    "survived",
    "RSS before",
    "peak RSS",
    "heap before",
    "peak heap (live)",
    "worst health",
    "wall s",
    "load",
  ];
  const rows = results.map((r) => [
    r.db,
    String(r.options),
    String(r.concurrent),
    String(r.rows),
    r.bodyMb.toFixed(2),
    r.sends.map((s) => `${s.status}/${s.seconds.toFixed(1)}`).join(" "),
    r.survived ? "yes" : `NO (${r.exit}${r.outOfHeap ? ", heap OOM" : ""})`,
    `${r.rssBeforeMb} MB`,
    `${r.peakRssMb} MB`,
    `${r.heapBeforeMb ?? "?"} MB`,
    `${r.peakHeapMb ?? "?"} MB (${r.peakLiveHeapMb ?? "?"})`,
    `${r.worstHealthMs} ms${r.healthFailures ? ` (${r.healthFailures} failed)` : ""}`,
    r.wallSeconds.toFixed(1),
    String(r.loadAverage),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
  for (const r of results)
    for (const [k, s] of r.sends.entries())
      if (s.detail) console.log(`  ${r.db} opts=${r.options} K=${r.concurrent} send ${k}: ${s.detail}`);
}
