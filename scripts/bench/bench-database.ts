/**
 * Where a bench keeps its data: a SQLite file under data/, or, with DATABASE_URL=postgresql://…, a new
 * schema `<prefix>_<time>` of that database, dropped at the end (shared by npm run bench and
 * bench:scale).
 */
import path from "node:path";
import pg from "pg";
import { pgConfig } from "../../lib/db/adapters";
import { ROOT } from "./paths";

export interface BenchDatabase {
  kind: "sqlite" | "postgres";
  url: string;
  /** What the output names the database as (no password). */
  label: string;
  /** PostgreSQL: the run's schema. */
  schema: string;
}

export function benchDatabase(sqliteFile: string, schemaPrefix: string): BenchDatabase {
  const given = process.env.DATABASE_URL ?? "";
  const kind = /^postgres(ql)?:\/\//.test(given) ? "postgres" : "sqlite";
  const schema = `${schemaPrefix}_${Date.now()}`;
  if (kind === "sqlite") {
    const url = `file:./${path.relative(ROOT, sqliteFile)}`;
    return { kind, url, label: url, schema };
  }
  const url = new URL(given);
  url.searchParams.set("schema", schema);
  const label = url.toString().replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
  return { kind, url: url.toString(), label, schema };
}

/** Drops a PostgreSQL bench's schema (SQLite benches remove their folder themselves). */
export async function dropSchema(database: BenchDatabase): Promise<void> {
  if (database.kind !== "postgres") return;
  const client = new pg.Client(pgConfig(database.url));
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`);
  await client.end();
}
