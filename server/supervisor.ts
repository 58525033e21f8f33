/**
 * `npm start`: keeps the production server (server/index.ts) running. The server runs as a child
 * process with a bounded heap; if it dies (a crash, the kernel's OOM killer, a bug no test found),
 * the supervisor starts it again, so one fatal request costs seconds, not the service. A server that
 * keeps dying right after starting is given up after a few tries, with its exit code; one that refuses
 * its settings (server/check-config.ts) is given up at once.
 * SIGTERM/SIGINT are passed on: the server drains in-flight requests, then both exit.
 *
 * Plain TypeScript that Node 24 runs without a loader (type stripping; compiled to JS in the image):
 * the supervisor itself loads nothing but node's own modules, so it stays small and has nothing to
 * crash on.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * In the image's folder the server is compiled beside this file (deploy/image/bundle-runtime.ts) and
 * runs as plain JavaScript: no tsx there. The flags stay those below; only how the entry loads differs.
 */
function compiledWhenBeside(args: string[]): string[] {
  if (!existsSync(path.join(import.meta.dirname, "index.js"))) return args;
  return args
    .filter(
      (arg, i) =>
        !(arg === "tsx" && args[i - 1] === "--import") && !(arg === "--import" && args[i + 1] === "tsx"),
    )
    .map((arg) => (!arg.startsWith("-") && arg.endsWith(".ts") ? `${arg.slice(0, -3)}.js` : arg));
}

/** The server's own flags: its heap limits live here, the one place that sets them (the bench reads them). */
export const SERVER_NODE_ARGS = compiledWhenBeside([
  "--max-old-space-size=256",
  "--max-semi-space-size=16",
  "--import",
  "tsx",
  // Traces, when an OTLP endpoint is set, start before the server's modules load (their http and pg).
  "--import",
  "./server/tracing-preload.ts",
  "server/index.ts",
]);

/** The server's exit code for invalid settings (EX_CONFIG of sysexits.h): restarting cannot help. */
export const BAD_CONFIG_EXIT_CODE = 78;

/** A server that dies sooner than this after starting counts as failing to start. */
const QUICK_EXIT_MS = 15_000;
const GIVE_UP_AFTER_QUICK_EXITS = 5;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 10_000;

let child: ChildProcess | undefined;
let stopping = false;
let quickExits = 0;

function logLine(level: number, msg: string, fields: Record<string, unknown> = {}) {
  // The same JSON line shape as the server's pino log, so one log pipeline reads both.
  process.stdout.write(
    `${JSON.stringify({ level, time: Date.now(), service: "supervisor", ...fields, msg })}\n`,
  );
}

function startServer() {
  const startedAt = Date.now();
  child = spawn(process.execPath, SERVER_NODE_ARGS, { stdio: "inherit", env: process.env });
  logLine(30, "server started", { pid: child.pid });
  child.once("exit", (code, signal) => {
    child = undefined;
    if (stopping) process.exit(code ?? 0);
    if (code === BAD_CONFIG_EXIT_CODE) {
      logLine(60, "server refused its configuration; not restarting", { code });
      process.exit(code);
    }
    quickExits = Date.now() - startedAt < QUICK_EXIT_MS ? quickExits + 1 : 0;
    if (quickExits >= GIVE_UP_AFTER_QUICK_EXITS) {
      logLine(60, "server keeps failing to start; giving up", { code, signal });
      process.exit(code || 1);
    }
    const delay = Math.min(FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, quickExits - 1), MAX_RESTART_DELAY_MS);
    logLine(50, "server exited unexpectedly; restarting", { code, signal, restartInMs: delay });
    setTimeout(startServer, delay);
  });
}

function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  if (!child) process.exit(0);
  child.kill(signal);
}

// Only as `npm start`'s entry point: importing SERVER_NODE_ARGS must not start a server.
if (import.meta.main) {
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  startServer();
}
