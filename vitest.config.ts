/**
 * Test projects: unit (schemas, lookups, crypto; no server) and the API over real HTTP against the
 * built app, once on SQLite and, when TEST_POSTGRES_URL is set, once on PostgreSQL.
 */
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };
const apiProject = (kind: "sqlite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `api-${kind}`,
    include: ["tests/api/**/*.test.ts", "tests/domain/**/*.test.ts"],
    globalSetup: [`tests/support/server/global-setup.${kind}.ts`],
    // Every answer a test receives is checked against the served OpenAPI document.
    setupFiles: ["tests/support/http/setup-openapi-conformance.ts"],
    // Domain tests run lib/ in the test process: keep its expected warnings (retries) out of the output,
    // and let them subscribe their local receivers (the servers under test refuse private callbacks).
    env: { LOG_LEVEL: "error", WEBHOOK_ALLOW_PRIVATE_URLS: "true" },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One process runs the project's files one after another, its modules loaded once: isolated,
    // each of some 150 files loaded lib/, Prisma's client and the OpenAPI document again, a quarter
    // of a pass's time on CI's two cores. Files therefore leave no state behind: a test that
    // sets process.env puts it back, one that points DATABASE_URL elsewhere disconnects after.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      // Some unit tests walk the whole OpenAPI document or spawn parsers: CI runs them beside the API
      // passes and the browser tests on two cores, where Vitest's default 5 s is too little.
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 30_000 },
      },
      apiProject("sqlite"),
      ...(process.env.TEST_POSTGRES_URL ? [apiProject("postgres")] : []),
    ],
  },
});
