/**
 * The permanent hostile-input suite (issue 15): fast-check sends generated hostile requests (huge and
 * deep structures, odd strings, wrong types, duplicate and prototype keys, bytes that are not UTF-8,
 * odd content types and paths) to every API endpoint of a production server of its own, on this
 * project's database. Every answer must be below 500 and in the envelope; afterwards the server
 * still answers and has logged no error. `npm run fuzz -- --minutes N` runs the same for longer.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedProviders } from "../support/seed";
import { envelopeProblem, errorLogLines, hostileRequest, sendHostile } from "../support/hostile-inputs";
import {
  createTestDatabase,
  type RunningServer,
  startServer,
  type TestDatabase,
} from "../support/test-server";

const RUNS = Number(process.env.HOSTILE_RUNS) || 3_000;

let database: TestDatabase;
let server: RunningServer;
let apiKey: string;

beforeAll(async () => {
  database = await createTestDatabase(inject("databaseKind"));
  server = await startServer(database.url, "production", { LOG_LEVEL: "warn", WORKERS_IN_PROCESS: "false" });
  apiKey = (await seedProviders(database.url)).providerA.key;
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe("hostile requests against every endpoint", () => {
  it(`${RUNS} generated requests: none answered ≥ 500 or outside the envelope`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (request) => {
        const problem = await sendHostile(server.baseUrl, apiKey, request);
        expect(problem).toBeUndefined();
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);

  it("20 concurrent 1 MiB hostile bodies are each refused with one small 400", async () => {
    // 1 MiB of zeros in one list: before the bounds, each item became its own message.
    const zeros = Array((1024 * 1024 - 200) >> 1).fill(0);
    const body = JSON.stringify({
      providerDeliveryChannelId: "big",
      name: { language: "EN", translation: "x" },
      landingPage: "x.org",
      availability: { categoriesSupported: zeros },
    });
    const request = { method: "POST", path: "/api/DeliveryChannel/Create", contentType: "application/json" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${server.baseUrl}${request.path}`, {
          method: "POST",
          headers: { "x-api-key": apiKey, "content-type": request.contentType },
          body,
        });
        return { status: response.status, text: await response.text() };
      }),
    );
    for (const answer of answers) {
      expect(envelopeProblem(request, answer.status, answer.text)).toBeUndefined();
      expect(answer.status).toBe(400);
      expect(answer.text.length).toBeLessThan(2_000);
    }
  }, 120_000);

  it("afterwards the server is healthy and has logged no error", async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    expect(errorLogLines(server.output())).toEqual([]);
  });
});
