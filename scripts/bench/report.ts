/** Judging the rows against the targets, the printed table and summary, and artifacts/bench.json. */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CpuShare } from "./children";
import type { Measurement } from "./load";
import {
  ARTIFACTS,
  CONNECTIONS,
  DURATION,
  P99_TARGET_MS,
  RATIO_TARGETS,
  ROOT,
  RSS_TARGET_MB,
  round,
  WARMUP,
} from "./options";

export interface Row extends Measurement {
  name: string;
  peakRssMb: number;
  cpuCores: CpuShare;
  serverCpuMicrosPerRequest: number;
  ratio?: number;
  ratioTarget?: number;
  checks?: { ratio: boolean; p99: boolean; rss: boolean; allOk: boolean };
}

export function judge(row: Row, baselineRps: number, ratioTarget: number | undefined): Row {
  const ratio = round(row.requestsPerSecond / baselineRps, 3);
  if (ratioTarget === undefined) return { ...row, ratio };
  const ratioOk = ratio >= ratioTarget;
  const p99 = row.p99Ms < P99_TARGET_MS;
  const rss = row.peakRssMb < RSS_TARGET_MB;
  return {
    ...row,
    ratio,
    ratioTarget,
    checks: {
      ratio: ratioOk,
      p99,
      rss,
      allOk: ratioOk && p99 && rss && row.non2xx === 0 && row.errors === 0,
    },
  };
}

const mark = (ok: boolean) => (ok ? "PASS" : "MISS");

const HEADER = [
  "endpoint",
  "req/s",
  "p50 ms",
  "p99 ms",
  "peak RSS MB",
  "vs baseline",
  "non-2xx",
  "errors",
  "server µs/req",
  "CPU server/bench/other",
];

function cells(row: Row): string[] {
  return [
    row.name,
    Math.round(row.requestsPerSecond).toLocaleString("en-US"),
    row.p50Ms.toFixed(2),
    row.checks ? `${row.p99Ms.toFixed(2)} ${mark(row.checks.p99)}` : row.p99Ms.toFixed(2),
    row.checks ? `${row.peakRssMb.toFixed(0)} ${mark(row.checks.rss)}` : row.peakRssMb.toFixed(0),
    row.ratio === undefined
      ? "100%"
      : `${(row.ratio * 100).toFixed(1)}%${row.checks ? ` ${mark(row.checks.ratio)} (≥${(row.ratioTarget ?? 0) * 100}%)` : ""}`,
    String(row.non2xx),
    String(row.errors + row.timeouts),
    row.serverCpuMicrosPerRequest ? String(row.serverCpuMicrosPerRequest) : "-",
    `${row.cpuCores.server.toFixed(2)} / ${row.cpuCores.bench.toFixed(2)} / ${row.cpuCores.others.toFixed(2)}`,
  ];
}

function printTable(rows: Row[]): void {
  const lines = rows.map(cells);
  const widths = HEADER.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  const format = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(format(HEADER));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(format(line));
}

/** The table, what the targets are, and whether all were met; returns that. */
export function printResults(rows: Row[], infoRow: Row | undefined, serverPeakRssMb: number): boolean {
  console.log(
    `\nResults (${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up; request logs off at LOG_LEVEL=warn):`,
  );
  printTable(rows);
  const judged = rows.filter((row) => row.checks);
  const allOk = judged.every((row) => row.checks?.allOk);
  console.log(
    `\nTargets: ${Object.entries(RATIO_TARGETS)
      .map(([name, ratio]) => `${name} ≥ ${Math.round(ratio * 100)}%`)
      .join(", ")} of baseline req/s; p99 < ${P99_TARGET_MS} ms; ` +
      `RSS < ${RSS_TARGET_MB} MB; no non-2xx. Server peak RSS over the run (VmHWM): ${serverPeakRssMb} MB.`,
  );
  const lookupsRow = rows.find((row) => row.name === "lookups");
  if (infoRow && lookupsRow) {
    const change = infoRow.requestsPerSecond / lookupsRow.requestsPerSecond - 1;
    console.log(
      `Lookups at LOG_LEVEL=info (a log line per request, to a file) vs warn: ${change >= 0 ? "+" : ""}` +
        `${(change * 100).toFixed(1)}% req/s, p99 ${infoRow.p99Ms} vs ${lookupsRow.p99Ms} ms.`,
    );
  }
  console.log(
    "server µs/req: the server's CPU time per request. CPU server/bench/other: cores busy on average " +
      `during each run (of ${os.cpus().length}); "other" is the rest of the machine — above ~0.2 the ` +
      "req/s figures are noisy, µs/req much less so.",
  );
  for (const row of judged) {
    if (row.non2xx > 0) console.log(`  ${row.name}: non-2xx by status ${JSON.stringify(row.statusCodes)}`);
  }
  console.log(allOk ? "\nAll targets PASS." : "\nSome targets MISS (see the table).");
  return allOk;
}

export function writeReport(rows: Row[], baselineRps: number, serverPeakRssMb: number, allOk: boolean): void {
  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model.trim(), node: process.version },
    settings: { connections: CONNECTIONS, durationS: DURATION, warmupS: WARMUP, database: "sqlite" },
    targets: { ratio: RATIO_TARGETS, p99Ms: P99_TARGET_MS, rssMb: RSS_TARGET_MB },
    baselineRps,
    serverPeakRssMb,
    rows,
    allOk,
  };
  writeFileSync(path.join(ARTIFACTS, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${path.relative(ROOT, path.join(ARTIFACTS, "bench.json"))}`);
}
