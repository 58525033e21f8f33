/**
 * Driver adapters for the Prisma CLI's JavaScript schema engine (used by prisma.config.ts only).
 * @prisma/adapter-pg 6.19.3 breaks migrate in three ways, mended here:
 *  1. catalog columns of type name (oid 19) and "char" (oid 18) are refused: report them as text;
 *  2. its shadow database came from a connectionString, i.e. the real database: pgConfig() fixes;
 *  3. it dropped the shadow database while its pool was still open: end the pool first.
 */

import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { databaseKind } from "../lib/config";
import { pgConfig, pgSchema, runtimeAdapter } from "../lib/db/adapters";

const CATALOG_TEXT_OIDS = new Set([18, 19]);
const TEXT_OID = 25;

type Queryable = { performIO: (query: unknown) => Promise<{ fields: { dataTypeID: number }[] }> };

function reportCatalogTypesAsText<T>(queryable: T): T {
  const q = queryable as unknown as Queryable;
  const performIO = q.performIO.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields)
      if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    return result;
  };
  return queryable;
}

function patchAdapter<A extends { startTransaction: (...a: never[]) => Promise<unknown> }>(adapter: A): A {
  reportCatalogTypesAsText(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = (async (...args: never[]) =>
    reportCatalogTypesAsText(await startTransaction(...args))) as A["startTransaction"];
  return adapter;
}

class MigratablePg extends PrismaPg {
  constructor(private readonly url: string) {
    // The CLI never ends the pool: its idle connections (10 s by default) held every
    // `migrate deploy` open 10 s after its work, 12 s where 2 would do.
    super({ ...pgConfig(url), allowExitOnIdle: true }, { schema: pgSchema(url) });
  }

  override async connect() {
    return patchAdapter(await super.connect());
  }

  override async connectToShadowDb() {
    const admin = new pg.Pool(pgConfig(this.url));
    const database = `prisma_shadow_${crypto.randomUUID().replaceAll("-", "")}`;
    await admin.query(`CREATE DATABASE "${database}"`);
    const shadowPool = new pg.Pool({ ...pgConfig(this.url), database, options: undefined });
    const adapter = await new PrismaPg(shadowPool, { disposeExternalPool: true }).connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
      await admin.end();
    };
    return patchAdapter(adapter);
  }
}

export function migrationAdapter(url: string) {
  // Only the PostgreSQL adapter needs mending for migrate; SQLite uses the app's own.
  return databaseKind(url) === "sqlite" ? runtimeAdapter(url) : new MigratablePg(url);
}
