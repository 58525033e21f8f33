/** The processes under test: the bare node:http baseline and the production server, and their setup. */
import { execFile, spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { SERVER_NODE_ARGS } from "../../server/supervisor";
import { freePort, startChild, waitFor } from "./children";
import { BENCH_DIR, DATABASE_URL, PROFILE_CONTROL, ROOT } from "./paths";

/**
 * How the servers are started: each bench sets these from its own flags (options.ts for npm run bench,
 * scale-options.ts for bench:scale) before starting one. `logDir` holds the server logs.
 */
export const serverOptions = { build: false, profile: false, databaseUrl: DATABASE_URL, logDir: BENCH_DIR };

export async function startBaseline() {
  const port = await freePort();
  const child = startChild(
    process.execPath,
    ["--import", "tsx", "scripts/bench/baseline-server.ts", String(port)],
    {
      cwd: ROOT,
      stdio: ["pipe", "ignore", "inherit"],
    },
  );
  await waitFor(
    async () => (await post(port, "/", "{}")).status === 200,
    20_000,
    "baseline server",
    () => child.exitCode === null,
  );
  return { child, port };
}

/** The server's node flags under `npm start` (e.g. the old-space cap), so the bench cannot drift from it. */
function startNodeArgs(): string[] {
  const nodeArgs = SERVER_NODE_ARGS.filter((arg) => arg !== "server/index.ts");
  if (serverOptions.profile) nodeArgs.push("--import", "./scripts/bench/profiler.ts");
  return nodeArgs;
}

/** The production server; `env` adds settings (the guarded rows' rate limit). */
export async function startServer(logLevel: string, label: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const logFile = path.join(serverOptions.logDir, `server-${label}.log`);
  const out = openSync(logFile, "w");
  const child = startChild(process.execPath, [...startNodeArgs(), "server/index.ts"], {
    cwd: ROOT,
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: logLevel,
      DATABASE_URL: serverOptions.databaseUrl,
      PORT: String(port),
      ...env,
      ...(serverOptions.profile ? { BENCH_PROFILE_CONTROL: PROFILE_CONTROL } : {}),
    },
  });
  closeSync(out); // the child has its own copy
  try {
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200,
      120_000,
      "production server (/api/health)",
      () => child.exitCode === null,
    );
  } catch (error) {
    console.error(`--- ${path.relative(ROOT, logFile)} (last lines) ---`);
    console.error(readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n"));
    throw error;
  }
  return { child, port, logFile, pid: child.pid ?? 0 };
}

export function post(port: number, urlPath: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

export async function expectOk(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
}

export async function ensureBuild(): Promise<void> {
  if (!serverOptions.build && existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  console.log("▶ next build");
  const result = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("next build failed");
}

/** A provider and its API key in the bench database, through the onboarding script. */
export async function createProvider(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "npx",
    ["tsx", "scripts/provider-create.ts", "--name", "Bench"],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: serverOptions.databaseUrl, LOG_LEVEL: "warn" },
    },
  );
  const key = stdout.trim().split("\n").at(-1)?.trim();
  if (!key?.startsWith("dcp_")) throw new Error(`provider-create printed no key:\n${stdout}`);
  return key;
}
