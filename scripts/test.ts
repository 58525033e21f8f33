/**
 * `npm test`: type check, lint, production build, then every Vitest project (unit; API over HTTP
 * on SQLite; on PostgreSQL when TEST_POSTGRES_URL is set, said plainly when it is not), then the
 * Playwright tests in Debian's Chromium.
 */
import { spawnSync } from "node:child_process";

function run(label: string, command: string, args: string[]) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
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
  run("build", "npx", ["next", "build"]);
}
run("vitest", "npx", ["vitest", "run", ...extra]);
run("browser tests (Playwright, Debian Chromium)", "npx", ["playwright", "test"]);
if (!process.env.TEST_POSTGRES_URL) console.log("⚠ PostgreSQL pass skipped: TEST_POSTGRES_URL is not set.");
