/**
 * A migrated, empty database made once per pass, that the files' fresh databases start as copies of:
 * migrating each (the Prisma CLI, ~3.5 s of CPU) was paid some 60 times a pass, and a server started
 * on a copy finds nothing pending (server/apply-migrations.ts). SQLite copies the file; PostgreSQL
 * creates a database from it as a template (a database, not a schema: schemas cannot be copied).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import pg from "pg";
import {
  createTestDatabase,
  type DatabaseKindUnderTest,
  postgresBase,
  ROOT,
  type TestDatabase,
} from "./test-server";

/** `base` naming database `name` instead, with no `?schema=` (its public schema). */
function inDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  url.searchParams.delete("schema");
  return url.toString();
}

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresBase() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database (`template`: a copy of that one), dropped with whoever is connected. */
async function newPostgresDatabase(template?: string): Promise<TestDatabase> {
  const name = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await onPostgres(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  return {
    url: inDatabase(postgresBase(), name),
    drop: () => onPostgres(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** The template, migrated by the product's own command (`npm run db:migrate`). */
export async function createMigratedTemplate(kind: DatabaseKindUnderTest): Promise<TestDatabase> {
  const template = kind === "sqlite" ? await createTestDatabase(kind) : await newPostgresDatabase();
  execFileSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: template.url, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  return template;
}

/** A fresh database that starts as a copy of the template at `templateUrl`. */
export async function copyOfTemplate(
  kind: DatabaseKindUnderTest,
  templateUrl: string,
): Promise<TestDatabase> {
  if (kind === "postgres") return newPostgresDatabase(new URL(templateUrl).pathname.slice(1));
  const database = await createTestDatabase(kind);
  copyFileSync(templateUrl.slice("file:".length), database.url.slice("file:".length));
  return database;
}
