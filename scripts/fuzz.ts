/**
 * `npm run fuzz -- --minutes N`: the hostile-input suite of `npm test` (tests/support/contract/hostile-inputs.ts)
 * for as long as asked, against a production server of its own on a fresh database (SQLite; set
 * DATABASE_URL=postgresql://… or TEST_POSTGRES_URL for PostgreSQL). Stops at the first answer ≥ 500
 * or outside the envelope, printing the request, or when the server logs an error. Needs `next build`.
 *
 *   npm run fuzz -- --minutes 10 [--seed 42]
 */
import { parseArgs } from "node:util";
import fc from "fast-check";
import { errorLogLines, hostileRequest, sendHostile } from "../tests/support/contract/hostile-inputs";
import { seedProviders } from "../tests/support/server/seed";
import { createTestDatabase, startServer } from "../tests/support/server/test-server";

const { values } = parseArgs({
  options: { minutes: { type: "string", default: "1" }, seed: { type: "string" } },
});
const minutes = Number(values.minutes);
if (!(minutes > 0)) throw new Error("--minutes must be a positive number");

const postgresUrl = [process.env.DATABASE_URL, process.env.TEST_POSTGRES_URL].find((url) =>
  url?.startsWith("postgres"),
);
if (postgresUrl) process.env.TEST_POSTGRES_URL = postgresUrl;
const database = await createTestDatabase(postgresUrl ? "postgres" : "sqlite");
const server = await startServer(database.url, "production", {
  LOG_LEVEL: "warn",
  WORKERS_IN_PROCESS: "false",
});
const { providerA } = await seedProviders(database.url);
console.log(`Fuzzing ${server.baseUrl} (${postgresUrl ? "PostgreSQL" : "SQLite"}) for ${minutes} min…`);

let sent = 0;
const progress = setInterval(() => process.stdout.write(`\r${sent} requests`), 1_000);
let exitCode = 0;
try {
  await fc.assert(
    fc.asyncProperty(hostileRequest, async (request) => {
      sent += 1;
      const problem = await sendHostile(server.baseUrl, providerA.key, request);
      if (problem) throw new Error(problem);
      const errors = errorLogLines(server.output());
      if (errors.length > 0) throw new Error(`the server logged an error:\n${errors.join("\n")}`);
    }),
    {
      numRuns: Number.POSITIVE_INFINITY,
      interruptAfterTimeLimit: minutes * 60_000,
      markInterruptAsFailure: false,
      endOnFailure: true,
      ...(values.seed ? { seed: Number(values.seed) } : {}),
    },
  );
  console.log(`\r${sent} hostile requests: none answered ≥ 500 or outside the envelope, no error logged.`);
} catch (error) {
  console.error(`\r${sent} requests, then:\n${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  clearInterval(progress);
  await server.stop();
  await database.drop();
}
process.exit(exitCode);
