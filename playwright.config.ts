/**
 * End-to-end tests in Debian's Chromium (`apt-get install -y chromium`; Playwright downloads no
 * browser here) against the production server (`node --import tsx server/index.ts`, the API fast path
 * plus Next) on a fresh SQLite database. `next build` must have run before.
 */
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT) || 3210;
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "artifacts/test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["html", { outputFolder: "artifacts/playwright-report", open: "never" }]],
  // Two minutes a test: the provider portal's walk takes 40-50 s on an idle 2-core machine of the
  // slower kind CI sometimes gets, and ran past one minute beside the rest of a CI run.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    screenshot: "only-on-failure",
    // Recorded on the retry of a failed test only: recording every test (DOM snapshots and a
    // screencast, then thrown away when it passes) cost every passing test its CPU on CI's two cores.
    trace: "on-first-retry",
  },
  projects: [{ name: "chromium" }],
  webServer: {
    // e2e/serve.ts deletes the e2e database, then starts server/index.ts (which migrates it).
    command: "node --import tsx e2e/serve.ts",
    url: `${BASE_URL}/api/health`,
    // Tests sign in many times from one address: lift the sign-in rate limit.
    env: {
      PORT: String(PORT),
      DATABASE_URL: "file:./data/e2e/e2e.db",
      LOG_LEVEL: "warn",
      AUTH_SIGN_IN_PER_MINUTE: "1000",
      // Tests receive webhooks on loopback.
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
