/**
 * The server under test of bench-sends.ts: a production server process per configuration, its RSS read
 * from /proc, and the set of such children, always stopped on the way out.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_ARGS } from "../../server/supervisor";
import { freePort } from "../../tests/support/server/test-server";
import { ROOT } from "./paths";

// ---------------------------------------------------------------------------------------------
// Child processes: the server under test, always stopped on the way out.

const children = new Set<ChildProcess>();

export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Every server still running, each given `graceMs` after SIGTERM (an interruption, a failed run). */
export async function stopServers(graceMs: number): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child, graceMs)));
}

process.on("exit", () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** A field of /proc/<pid>/status in MB; undefined once the process is gone (or off Linux). */
export function procMb(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, "m"),
    );
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface Server {
  child: ChildProcess;
  baseUrl: string;
  logFile: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * server/index.ts with the flags of `npm start`'s child, on a free port, once /api/health answers.
 * Its log goes to `server-<label>.log` in `logDir`.
 */
export async function startServer(databaseUrl: string, label: string, logDir: string): Promise<Server> {
  const port = await freePort();
  const logFile = path.join(logDir, `server-${label}.log`);
  const out = openSync(logFile, "w");
  // --trace-gc: each collection's heap before and after it, which heapDuring reads from the log.
  const child = spawn(process.execPath, ["--trace-gc", ...SERVER_NODE_ARGS], {
    cwd: ROOT,
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
    },
  });
  closeSync(out);
  children.add(child);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited at start:\n${tail(logFile)}`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`the server was not healthy after 120 s:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
  return { child, baseUrl, logFile, exit };
}

/**
 * The heap the collector saw in the log from byte `from` on (--trace-gc): the most any collection
 * found in use (an upper bound of the peak: garbage included) and the most a full collection left
 * live (a lower bound of it: what the work held), in MB; undefined when no collection ran.
 */
export function heapDuring(logFile: string, from: number): { peakMb?: number; liveMb?: number } {
  const text = readFileSync(logFile).subarray(from).toString("utf8");
  let peakMb: number | undefined;
  let liveMb: number | undefined;
  for (const match of text.matchAll(
    /ms: (Scavenge|Mark-Compact|Minor Mark-Sweep)[^\d]*([\d.]+) \([\d.]+\) -> ([\d.]+)/g,
  )) {
    peakMb = Math.max(peakMb ?? 0, Number(match[2]));
    if (match[1] === "Mark-Compact") liveMb = Math.max(liveMb ?? 0, Number(match[3]));
  }
  return { peakMb, liveMb };
}

/** The heap a full collection last left live before byte `before` of the log, in MB. */
export function heapSettled(logFile: string, before: number): number | undefined {
  const text = readFileSync(logFile).subarray(0, before).toString("utf8");
  const all = [...text.matchAll(/ms: Mark-Compact[^\d]*[\d.]+ \([\d.]+\) -> ([\d.]+)/g)];
  return all.length ? Number(all[all.length - 1]![1]) : undefined;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tail = (file: string, lines = 15) => readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
