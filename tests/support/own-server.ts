/**
 * A production server of the test file's own, on a fresh database of the project's kind, for tests
 * that read its log, kill it or need settings of their own. Started before the file's tests and
 * stopped (its database dropped) after them.
 */
import { afterAll, beforeAll, inject } from "vitest";
import { createTestDatabase, type RunningServer, startServer, type TestDatabase } from "./test-server";

export interface OwnServer {
  server(): RunningServer;
  databaseUrl(): string;
}

export function ownServer(env: Record<string, string> = {}): OwnServer {
  let database: TestDatabase | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(inject("databaseKind"));
    server = await startServer(database.url, "production", env);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error("ownServer: the server starts in beforeAll");
    return value;
  };
  return { server: () => started(server), databaseUrl: () => started(database).url };
}
