/**
 * What the image runs (issue 34, item 1): deploy/image/assemble-runtime.sh, the Containerfile's own
 * step, assembles the runtime folder outside the repository; started there with only its own files
 * through the image's entrypoint, it migrates, serves (ready, a page, a guide, the API with a key a
 * tool of the image issued), runs the worker, and carries no dev dependencies. It is Next's standalone
 * output with our programs compiled to JavaScript: no TypeScript source, no tsx, only the packages
 * something in it loads. Once, on SQLite: the folder is the same whatever the database (the API suite
 * covers PostgreSQL).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { LOOKUPS } from "../../support/server/operations";
import { attributeOf, startOtlpReceiver, until } from "../../support/server/otlp-receiver";
import { freePort, ROOT } from "../../support/server/test-server";

const run = promisify(execFile);
const sqliteOnly = inject("databaseKind") === "sqlite";
let folder: string;
let environment: NodeJS.ProcessEnv;
/** The API key the image's own provider-create issued (the serving test makes it). */
let key: string;
const started: ChildProcess[] = [];

/** The image's entrypoint with these arguments, in the runtime folder; its exit code and output. */
async function entrypoint(args: string[], env: Record<string, string> = {}) {
  return run("deploy/image/entrypoint.sh", args, { cwd: folder, env: { ...environment, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ ...error }),
  );
}

/** Starts a long-running command of the entrypoint; resolves once its output has `line`. */
async function startEntrypoint(args: string[], line: string, env: Record<string, string> = {}) {
  const child = spawn("deploy/image/entrypoint.sh", args, {
    cwd: folder,
    env: { ...environment, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  await vi.waitFor(() => expect(output).toContain(line), { timeout: 60_000, interval: 100 });
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code)),
  );

describe.runIf(sqliteOnly)("the image's runtime folder, started outside the repository", () => {
  beforeAll(async () => {
    folder = path.join(mkdtempSync(path.join(os.tmpdir(), "dcp-runtime-")), "app");
    await run("bash", [path.join(ROOT, "deploy/image/assemble-runtime.sh"), folder], {
      env: { ...process.env, RUNTIME_HARDLINK: "1" },
    });
    environment = {
      // Node.js as the image has it, and nothing of the repository's environment.
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
      NODE_ENV: "production",
      DATABASE_URL: `file:${folder}/data/portal.db`,
      LOG_LEVEL: "warn",
    };
  }, 120_000);

  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.all(started.map(exitOf));
    if (folder) rmSync(path.dirname(folder), { recursive: true, force: true });
  });

  it("holds the build, the compiled programs, the migrations and the guides, and no source, dev dependency or build cache", () => {
    for (const present of [
      ".next/BUILD_ID",
      ".next/required-server-files.json",
      ".next/static",
      "server/index.js",
      "server/supervisor.js",
      "server/cli-exit-preload.cjs",
      "scripts/worker.js",
      "scripts/migrate.js",
      "scripts/token-create.js",
      "prisma.config.js",
      "prisma/sqlite/migrations",
      "prisma/postgres/migrations",
      "prisma/sqlite/schema/models.prisma",
      "docs/README.md",
      "messages/en",
      "node_modules/next",
      "node_modules/@libsql/client",
      "node_modules/prisma/build/schema_engine_bg.wasm",
    ])
      expect(existsSync(path.join(folder, present)), present).toBe(true);
    for (const absent of [
      ".next/cache",
      "tests",
      "e2e",
      "app",
      "lib",
      "components",
      ".git",
      // data/ is the volume: empty, never the repository's secrets or databases.
      "data/auth-secret",
      "server.js",
      "server/index.ts",
      "scripts/worker.ts",
      "prisma.config.ts",
      "next.config.js",
      "tsconfig.json",
      "node_modules/tsx",
      "node_modules/esbuild",
      "node_modules/@vercel/nft",
      // next-intl is bundled into the pages; its build plugin, which next.config.js loads, stays out.
      "node_modules/next-intl",
      "node_modules/vitest",
      "node_modules/typescript",
      "node_modules/@biomejs",
      "node_modules/@playwright/test",
      "node_modules/@next/swc-linux-x64-gnu",
      "node_modules/fast-check",
      // Next's development server and bundlers, which `next build` needs and a production server not.
      "node_modules/next/dist/compiled/webpack/bundle5.js",
    ])
      expect(existsSync(path.join(folder, absent)), absent).toBe(false);
  });

  it("carries only packages something in it loads: of the installed ones, not the dev dependencies' or the build's", () => {
    const installed = readdirSync(path.join(ROOT, "node_modules")).filter((name) => !name.startsWith("."));
    const carried = readdirSync(path.join(folder, "node_modules")).filter((name) => !name.startsWith("."));
    expect(carried.every((name) => installed.includes(name))).toBe(true);
    // Tracing leaves out whatever only builds, tests or checks: the folder carries well under half of
    // what is installed, whatever the versions (a count of packages, not a size, so nothing to tune).
    expect(carried.length * 2).toBeLessThan(installed.length);
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    for (const dev of Object.keys(manifest.devDependencies))
      expect(existsSync(path.join(folder, "node_modules", dev)), dev).toBe(false);
  });

  it("migrates, serves ready with a page and a guide, and answers the API with a key its own tool issued", async () => {
    expect((await entrypoint(["migrate"])).code).toBe(0);
    const created = await entrypoint(["provider-create", "--name", "Image provider"]);
    expect(created.code, created.stderr).toBe(0);
    key = created.stdout.trim().split("\n").at(-1)!;
    const port = await freePort();
    await startEntrypoint(["app"], '"msg":"listening"', { PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect((await fetch(`${base}/sign-in`)).status).toBe(200);
    expect((await fetch(`${base}/guides/operations`)).status).toBe(200);
    const lookups = await fetch(`${base}${LOOKUPS}`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ data: "Currency" }),
    });
    expect(lookups.status).toBe(200);
  });

  it("traces from the folder: its compiled preload starts the SDK and the http instrumentation", async () => {
    const otlp = await startOtlpReceiver();
    try {
      const port = await freePort();
      await startEntrypoint(["app"], '"msg":"listening"', {
        PORT: String(port),
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_BSP_SCHEDULE_DELAY: "100",
        OTEL_SERVICE_NAME: "portal-image",
      });
      const lookups = await fetch(`http://127.0.0.1:${port}${LOOKUPS}`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ data: "Currency" }),
      });
      expect(lookups.status).toBe(200);
      const span = await until(() => otlp.spans.find((candidate) => candidate.name === `POST ${LOOKUPS}`));
      expect(span.service).toBe("portal-image");
      // Set by the http instrumentation only: the preload patched node:http before the server loaded.
      expect(attributeOf(span, "network.protocol.version")).toEqual({ stringValue: "1.1" });
    } finally {
      await otlp.close();
    }
  });

  it("runs the worker alone, which stops on SIGTERM", async () => {
    const worker = await startEntrypoint(["worker"], "worker started");
    worker.child.kill("SIGTERM");
    expect(await exitOf(worker.child)).toBe(0);
  });

  it("refuses a command it does not know, naming the ones it does", async () => {
    const unknown = await entrypoint(["bash"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown command 'bash': use app, worker, migrate");
  });
});
