/**
 * The webServer of playwright.config.ts: the production server on a fresh SQLite database. The file is
 * deleted here rather than in a globalSetup because Playwright starts the webServer before globalSetup.
 */
import { rmSync } from "node:fs";

const url = process.env.DATABASE_URL ?? "";
if (!url.startsWith("file:./data/e2e/"))
  throw new Error(`e2e/serve.ts expects DATABASE_URL under data/e2e, got ${url}`);
const file = url.slice("file:".length);
for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });

await import("../server/index");
