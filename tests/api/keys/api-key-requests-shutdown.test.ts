/**
 * The API keys' request log is buffered in memory and written once a second: a server stopped right
 * after answering (SIGTERM, as a deploy stops it) writes what it buffered before it exits.
 */
import { afterAll, expect, it } from "vitest";
import { LOOKUPS, seedProvider, send } from "../../support/server/operations";
import { freshDatabase } from "../../support/server/own-database";
import { startServer } from "../../support/server/test-server";

const databaseUrl = freshDatabase();
const sharedDatabaseUrl = process.env.DATABASE_URL;

afterAll(async () => {
  await (await import("../../../lib/db")).disconnectDb();
  process.env.DATABASE_URL = sharedDatabaseUrl;
});

it("writes the buffered requests when the server is stopped", async () => {
  const server = await startServer(databaseUrl(), "production", { WORKERS_IN_PROCESS: "false" });
  const { id: providerId, key } = await seedProvider(databaseUrl());
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      send(server.baseUrl, { method: "POST", path: LOOKUPS, key, body: '{"data":"Kyc"}' }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  await server.stop();
  expect(server.process.exitCode).toBe(0);

  process.env.DATABASE_URL = databaseUrl();
  const { db } = await import("../../../lib/db");
  const rows = await db().apiKeyRequest.findMany({ where: { apiKey: { providerId } } });
  expect(rows).toHaveLength(20);
  expect(new Set(rows.map((row) => `${row.method} ${row.path} ${row.status}`))).toEqual(
    new Set([`POST ${LOOKUPS} 200`]),
  );
});
