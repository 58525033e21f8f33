/**
 * A production server of the test file's own, on a fresh database of the project's kind, for tests
 * that read its log, kill it or need settings of their own. Started before the file's tests and
 * stopped (its database dropped) after them.
 */
import { afterAll, beforeAll } from "vitest";
import { freshDatabase, started } from "./own-database";
import { type RunningServer, startServer } from "./test-server";

export interface OwnServer {
  server(): RunningServer;
  databaseUrl(): string;
}

export function ownServer(env: Record<string, string> = {}): OwnServer {
  const databaseUrl = freshDatabase();
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(databaseUrl(), "production", env);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  return { server: () => started(server, "ownServer's server"), databaseUrl };
}
