/**
 * `npm test`: type check, lint, production build, then every Vitest project (unit; API over HTTP
 * on SQLite; on PostgreSQL when TEST_POSTGRES_URL is set, said plainly when it is not), then the
 * Playwright tests in Debian's Chromium.
 *
 * The SQLite and PostgreSQL passes run at the same time, each in a Vitest process of its own: each
 * has its own server and database, and their tests mostly wait on that server, so together they
 * take little more than the longer of the two (one after the other they took 18 of CI's 25 minutes).
 * Their lines are prefixed with the project's name. The browser tests run after them: run beside
 * them too, on two cores, every pass slowed so much that the whole took longer (a rehearsal had done
 * less than half the Vitest files after 43 minutes, against 31 minutes for all of them alone).
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

async function vitestProjects(extra: string[]) {
  const passes = [
    { label: "[sqlite]", projects: ["unit", "api-sqlite"] },
    ...(process.env.TEST_POSTGRES_URL ? [{ label: "[postgres]", projects: ["api-postgres"] }] : []),
  ];
  console.log(
    `\n▶ vitest: ${passes.map((pass) => pass.projects.join(" + ")).join(", at the same time as ")}`,
  );
  const started = performance.now();
  const codes = await Promise.all(
    passes.map(({ label, projects }) =>
      prefixed(label, "npx", [
        "vitest",
        "run",
        ...projects.flatMap((name) => ["--project", name]),
        ...extra,
      ]).then((code) => {
        console.log(`${label} ended after ${secondsSince(started)}`);
        return code;
      }),
    ),
  );
  const failed = passes.filter((_, i) => codes[i] !== 0).map((pass) => pass.label);
  if (failed.length) {
    console.error(`✖ vitest failed: ${failed.join(", ")}`);
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
await vitestProjects(extra);
run("browser tests (Playwright, Debian Chromium)", "npx", ["playwright", "test"]);
if (!process.env.TEST_POSTGRES_URL) console.log("⚠ PostgreSQL pass skipped: TEST_POSTGRES_URL is not set.");
