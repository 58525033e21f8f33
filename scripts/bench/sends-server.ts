/**
 * The server under test of bench-sends.ts: a production server process per configuration, its RSS read
 * from /proc, and the set of such children, always stopped on the way out.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_ARGS } from "../../server/supervisor";
import { freePort } from "../../tests/support/test-server";
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
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tail = (file: string, lines = 15) => readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
