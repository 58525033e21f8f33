/**
 * Instances started together on one fresh database (issue "No valid request takes the service
 * down"): each applies the migrations when it starts (server/apply-migrations.ts), and they raced; in one of
 * eight such starts one died with `prisma migrate deploy failed`. Here four start at once on an empty
 * database (on PostgreSQL a schema that does not exist yet) and each must come up on its first try:
 * the supervisor would restart a server that died, which hides the failure from a health check alone.
 */
import { afterAll, expect, inject, it } from "vitest";
import { jsonLines } from "../../support/server/operations";
import {
  createTestDatabase,
  type RunningServer,
  startServer,
  type TestDatabase,
} from "../../support/server/test-server";

const INSTANCES = 4;

let database: TestDatabase | undefined;
let servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

/** The server's log lines at error level or above (a failed start, the supervisor restarting it). */
const errors = (server: RunningServer) =>
  jsonLines(server.output()).filter((line) => Number(line.level) >= 50);

it(`${INSTANCES} instances started at once on one fresh database all come up`, async () => {
  database = await createTestDatabase(inject("databaseKind"), { schema: "absent" });
  const url = database.url;
  const starts = await Promise.allSettled(
    Array.from({ length: INSTANCES }, () => startServer(url, "production", { WORKERS_IN_PROCESS: "false" })),
  );
  servers = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  expect(starts.flatMap((start) => (start.status === "rejected" ? [String(start.reason)] : []))).toEqual([]);
  for (const server of servers) {
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(errors(server)).toEqual([]);
  }
}, 240_000);
