/**
 * A fresh database of the project's kind for one test file, for tests that must see no other test's
 * rows (openTestDb shares the project's): created before the file's tests (migrated already, a copy of
 * the pass's template), dropped after them.
 */
import { afterAll, beforeAll, inject } from "vitest";
import { applyMigrations } from "../../../server/apply-migrations";
import { copyOfTemplate } from "./migrated-template";
import { ROOT, type TestDatabase } from "./test-server";

type DbModule = typeof import("../../../lib/db");

/** Throws when a getter is used before its beforeAll ran. */
export function started<T>(value: T | undefined, what: string): T {
  if (!value) throw new Error(`${what} is set up in beforeAll`);
  return value;
}

/** The database's URL; hooks registered after this one run before its drop (Vitest's stack order). */
export function freshDatabase(): () => string {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await copyOfTemplate(inject("databaseKind"), inject("migratedTemplateUrl"));
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });
  return () => started(database, "the fresh database").url;
}

export interface OwnDatabase {
  url(): string;
  db(): ReturnType<DbModule["db"]>;
}

/** A fresh database, migrated, with this process's lib/db opened on it. */
export function openOwnDatabase(): OwnDatabase {
  const url = freshDatabase();
  let dbModule: DbModule | undefined;
  beforeAll(async () => {
    process.env.DATABASE_URL = url();
    await applyMigrations(ROOT);
    dbModule = await import("../../../lib/db");
  }, 120_000);
  afterAll(async () => {
    await dbModule?.disconnectDb();
  });
  return { url, db: () => started(dbModule, "lib/db").db() };
}
