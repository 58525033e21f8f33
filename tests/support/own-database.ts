/**
 * A fresh, migrated database of the project's kind for one test file, with this process's lib/db
 * opened on it: for tests that must see no other test's rows (openTestDb shares the project's).
 * Created before the file's tests, disconnected and dropped after them.
 */
import { afterAll, beforeAll, inject } from "vitest";
import { applyMigrations } from "../../server/migrate";
import { createTestDatabase, ROOT, type TestDatabase } from "./test-server";

type DbModule = typeof import("../../lib/db");

export interface OwnDatabase {
  url(): string;
  db(): ReturnType<DbModule["db"]>;
}

export function openOwnDatabase(): OwnDatabase {
  let database: TestDatabase | undefined;
  let dbModule: DbModule | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(inject("databaseKind"));
    process.env.DATABASE_URL = database.url;
    applyMigrations(ROOT);
    dbModule = await import("../../lib/db");
  }, 120_000);
  afterAll(async () => {
    await dbModule?.disconnectDb();
    await database?.drop();
  });
  const opened = <T>(value: T | undefined): T => {
    if (!value) throw new Error("openOwnDatabase: the database opens in beforeAll");
    return value;
  };
  return { url: () => opened(database).url, db: () => opened(dbModule).db() };
}
