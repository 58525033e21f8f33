/**
 * `npm test`: type check, lint, production build, then every Vitest project (unit; API over HTTP
 * on SQLite; on PostgreSQL when TEST_POSTGRES_URL is set, said plainly when it is not) and the
 * Playwright tests in Debian's Chromium, side by side.
 *
 * The SQLite and PostgreSQL passes each run in a Vitest process of their own, and the browser tests in
 * Playwright's: each has its own servers and databases (testPasses, below). Their lines are prefixed
 * with the pass's name.
 */
import { spawn, spawnSync } from "node:child_process";
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
 * The Vitest passes and the browser tests, all at the same time: each has its own servers and
 * databases, and each spends much of its time waiting on them, so together they take little more
 * than the longest (one after the other they took 52 of a CI run's 55 minutes, on two cores that
 * sat half idle).
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
  console.log(
    `\n▶ at the same time: ${passes.map((pass) => `${pass.args.slice(0, 2).join(" ")} ${pass.label}`).join(", ")}`,
  );
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
