/**
 * Runs one of scripts/ as its own process, as `npm run <script>` does (tsx on this Node), against
 * the database a URL names. Asynchronous, so that the servers a test started keep being read while
 * the script runs.
 */
import { spawn } from "node:child_process";
import { ROOT } from "./test-server";

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout's lines, the trailing newline dropped. */
  lines: string[];
}

export function runScript(
  script: string,
  args: string[],
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr, lines: stdout.trimEnd().split("\n") }));
  });
}
