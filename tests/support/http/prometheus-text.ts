/**
 * A strict reader of Prometheus' text exposition format (0.0.4) for the metrics tests: every line is
 * a `# HELP`, a `# TYPE` or a sample `name{label="value",…} number`, or the read fails naming the
 * line. (The npm parser parse-prometheus-text-format drops the labels of histogram samples.) Also
 * the metrics tests' scrape and their reading of one series.
 */
import { expect } from "vitest";

export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/y;
const COMMENT = /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*$/;

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`Not the text format (labels): ${line}`);
    labels[match[1]!] = match[2]!.replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
  }
  return labels;
}

/** A Go float as Prometheus reads one: NaN and ±Inf in any case (prom-client writes "Nan"). */
function numberOf(text: string): number | undefined {
  if (/^nan$/i.test(text)) return Number.NaN;
  const infinite = /^([+-]?)inf(inity)?$/i.exec(text);
  if (infinite) return infinite[1] === "-" ? -Infinity : Infinity;
  const value = Number(text);
  return text.trim() === "" || Number.isNaN(value) ? undefined : value;
}

export function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || COMMENT.test(line)) continue;
    const match = SAMPLE.exec(line);
    const value = match ? numberOf(match[3]!) : undefined;
    if (!match || value === undefined) throw new Error(`Not the text format: ${line}`);
    samples.push({ name: match[1]!, labels: labelsOf(match[2] ?? "", line), value });
  }
  return samples;
}

/** Samples by series name. */
export type Families = Map<string, PrometheusSample[]>;

/** GET /metrics with the bearer token: 200 in the text format, read strictly, by series name. */
export async function scrapeMetrics(baseUrl: string, token: string): Promise<Families> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const families: Families = new Map();
  for (const sample of parsePrometheusText(await response.text()))
    families.set(sample.name, [...(families.get(sample.name) ?? []), sample]);
  return families;
}

/** The value of the series `name` whose labels include `labels` (a histogram's: `<name>_count`); 0 when absent. */
export function seriesValue(families: Families, name: string, labels: Record<string, string> = {}): number {
  const sample = families
    .get(name)
    ?.find((candidate) => Object.entries(labels).every(([key, value]) => candidate.labels[key] === value));
  return sample?.value ?? 0;
}
