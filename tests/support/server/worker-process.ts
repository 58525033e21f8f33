/**
 * `npm run worker` as a child process of the test, on a database of the test's choosing: the
 * dispatcher and translation worker of another instance.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./test-server";

export interface RunningWorker {
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export async function startWorker(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<RunningWorker> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/worker.ts")], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!output.includes("worker started")) {
    if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
