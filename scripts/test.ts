/**
 * `npm test`: type check, lint, production build, then every Vitest project (unit; API over HTTP
 * on SQLite; on PostgreSQL when TEST_POSTGRES_URL is set, said plainly when it is not) and the
 * Playwright tests in Debian's Chromium, at the same time (testPasses, below). Each runs in a process
 * of its own, with its own servers and databases, and its lines are prefixed with its name.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

/** Seconds since `since`, for the phase lines: CI's budget is 40 minutes, and they show where it goes. */
const secondsSince = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

function run(label: string, command: string, args: string[]) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${secondsSince(started)}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label}: ${secondsSince(started)}`);
}

/** A command whose output lines are prefixed with `prefix`; resolves to its exit code. */
function prefixed(prefix: string, command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (line) => console.log(`${prefix} ${line}`));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

/**
 * The Vitest passes and the browser tests, all at the same time. Each is one chain of steps that
 * mostly waits on its own servers and database: alone, the PostgreSQL pass kept one core busy over
 * its 18 minutes, and the browser tests half of one over their 23 (CPU counted per process from
 * /proc). The three need some 47 CPU-minutes, which two cores give in 24; the Vitest passes and
 * then the browser tests took 56 minutes of CI, the second half on one idle core. An earlier try of
 * this order (when each Vitest file still loaded every module again, and axe walked the whole API
 * reference twice) ran slower than the passes in turn; both costs are gone.
 */
async function testPasses(extra: string[]) {
  const vitest = (projects: string[]) => [
    "vitest",
    "run",
    ...projects.flatMap((name) => ["--project", name]),
    ...extra,
  ];
  const passes = [
    { label: "[sqlite]", args: vitest(["unit", "api-sqlite"]) },
    ...(process.env.TEST_POSTGRES_URL ? [{ label: "[postgres]", args: vitest(["api-postgres"]) }] : []),
    { label: "[browser]", args: ["playwright", "test"] },
  ];
  console.log(`\n▶ at the same time: ${passes.map((pass) => `${pass.args[0]} ${pass.label}`).join(", ")}`);
  const started = performance.now();
  const codes = await Promise.all(
    passes.map(({ label, args }) =>
      prefixed(label, "npx", args).then((code) => {
        console.log(`${label} ${code === 0 ? "passed" : "FAILED"} after ${secondsSince(started)}`);
        return code;
      }),
    ),
  );
  const failed = passes.filter((_, i) => codes[i] !== 0).map((pass) => pass.label);
  if (failed.length) {
    console.error(`✖ failed: ${failed.join(", ")}`);
    process.exit(1);
  }
}

// Node keeps the bytecode of the modules it compiles here, for every process the tests start: some
// 200 servers, scripts and samples a run each compiled the same server, Next and Prisma code again
// (a server's start measured 9.2 s of CPU without it, 7.5 s with it).
process.env.NODE_COMPILE_CACHE ??= path.resolve("node_modules/.cache/node-compile-cache");

const extra = process.argv.slice(2);
if (!process.env.TEST_POSTGRES_URL) {
  console.log(
    "⚠ PostgreSQL pass skipped: TEST_POSTGRES_URL is not set (e.g. postgresql://postgres@127.0.0.1:5432/test).",
  );
}
if (!process.env.SKIP_BUILD) {
  run("type check", "npx", ["tsc", "--noEmit"]);
  run("lint", "npx", ["biome", "check", "."]);
  run("message catalogs", "npx", ["tsx", "scripts/check-messages.ts"]);
  run("build", "npx", ["next", "build"]);
}
await testPasses(extra);
if (!process.env.TEST_POSTGRES_URL) console.log("⚠ PostgreSQL pass skipped: TEST_POSTGRES_URL is not set.");
