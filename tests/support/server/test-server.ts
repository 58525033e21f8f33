/**
 * Starts the built app as production runs it (`npm start`: server/index.ts, fast path + Next) or
 * plain `next start`, on a free port against a fresh database, and stops it afterwards.
 * SQLite: a new file under data/test/. PostgreSQL: a new schema in TEST_POSTGRES_URL's database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";

export type DatabaseKindUnderTest = "sqlite" | "postgres";
export const ROOT = path.resolve(import.meta.dirname, "../../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The PostgreSQL server and database the tests create theirs in. */
export function postgresBase(): string {
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) throw new Error("TEST_POSTGRES_URL is not set");
  return base;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database. `schema: "absent"` (PostgreSQL) leaves the URL's schema for the first
 * migration to create, as a fresh production database's may be.
 */
export async function createTestDatabase(
  kind: DatabaseKindUnderTest,
  { schema = "created" }: { schema?: "created" | "absent" } = {},
): Promise<TestDatabase> {
  const id = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  if (kind === "sqlite") {
    const dir = path.join(ROOT, "data", "test");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${id}.db`);
    return {
      url: `file:${file}`,
      drop: async () => {
        for (const suffix of ["", "-wal", "-shm", "-journal", "-migrate-lock"])
          rmSync(file + suffix, { force: true });
      },
    };
  }
  const base = postgresBase();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  if (schema === "created") await admin.query(`CREATE SCHEMA "${id}"`);
  // The search migration creates pg_trgm in public if missing; test databases created at the same
  // moment would race to create it, so the first creates it here, one at a time.
  await admin.query("SELECT pg_advisory_lock(160160)");
  await admin.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
  await admin.query("SELECT pg_advisory_unlock(160160)");
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("schema", id);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // A schema dropped while another migrates can deadlock on the shared pg_trgm operator class:
      // PostgreSQL aborts one side (40P01), and a second try finds nothing in its way.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.query(`DROP SCHEMA IF EXISTS "${id}" CASCADE`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "40P01" || attempt === 3) throw error;
        }
      }
      await client.end();
    },
  };
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The node arguments of `npm start` (its heap limit included), read from package.json so that tests
 * run the server exactly as production does: a regression that needs more memory fails here too.
 */
export function productionNodeArgs(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const [command, ...args] = String(manifest.scripts.start).split(/\s+/);
  if (command !== "node") throw new Error(`npm start runs ${command}, not node`);
  return args;
}

/** mode "production" is `npm start`; "next" is the route files alone under `next start`. */
export async function startServer(
  databaseUrl: string,
  mode: "production" | "next" | "dev" = "production",
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  const args =
    mode === "production"
      ? productionNodeArgs()
      : [next, mode === "dev" ? "dev" : "start", "-p", String(port), "-H", "127.0.0.1"];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // `next dev` runs its server in a child process: stop() signals the whole group.
    detached: mode === "dev",
    env: {
      ...process.env,
      NODE_ENV: mode === "dev" ? "development" : "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      // The suites send thousands of requests with one key: a limit they never reach (a test that
      // exercises the limit passes its own).
      API_RATE_LIMIT: "1000000",
      // Likewise the sign-ins: the suites sign in hundreds of users (every role of the permission
      // matrix) from one address. tests/api/users/auth-guards.test.ts checks the limit on its own server.
      AUTH_SIGN_IN_PER_MINUTE: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) {
    // Not left running (a supervisor restarting it) after the test that started it gave up.
    if (mode === "dev") process.kill(-(child.pid as number), "SIGTERM");
    else child.kill("SIGTERM");
    throw new Error(`server did not become healthy:\n${output}`);
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        if (mode === "dev") process.kill(-(child.pid as number), "SIGTERM");
        else child.kill("SIGTERM");
      }),
  };
}

/** The node process the supervisor of `npm start` runs (the only child that is not a helper such as esbuild). */
export function serverPidOf(running: RunningServer): number {
  const pid = running.process.pid as number;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
  const node = children.find((child) =>
    readFileSync(`/proc/${child}/cmdline`, "utf8").includes("server/index.ts"),
  );
  if (!node) throw new Error(`no server process under the supervisor ${pid}`);
  return Number(node);
}

/** Waits until the server (restarted by its supervisor, say) answers health again. */
export async function healthyAgain(running: RunningServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${running.baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer health again:\n${running.output().slice(-4000)}`);
}
