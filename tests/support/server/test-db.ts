/** The real database module, opened on the test database for one test file. */
import { afterAll, beforeAll, inject } from "vitest";

type DbModule = typeof import("../../../lib/db");

/** Opens lib/db before the file's tests and disconnects after them; the getter works inside tests. */
export function openTestDb(): () => DbModule {
  let dbModule: DbModule | undefined;
  beforeAll(async () => {
    process.env.DATABASE_URL = inject("databaseUrl");
    dbModule = await import("../../../lib/db");
  });
  afterAll(() => dbModule?.disconnectDb());
  return () => {
    if (!dbModule) throw new Error("openTestDb: the database module opens in beforeAll");
    return dbModule;
  };
}
