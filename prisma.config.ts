/**
 * Prisma CLI configuration. DATABASE_URL picks the schema, migrations and driver adapter:
 * `file:` → prisma/sqlite, `postgres(ql)://` → prisma/postgres. Both schemas share
 * prisma/models.prisma. The JavaScript schema engine works offline (no engine download).
 */
import path from "node:path";
import { defineConfig } from "prisma/config";
import { databaseKind, databaseUrl } from "./lib/config";
import { migrationAdapter } from "./prisma/migration-adapter";

const url = databaseUrl();
const kind = databaseKind(url);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", kind, "schema"),
  migrations: { path: path.join("prisma", kind, "migrations") },
  adapter: async () => migrationAdapter(url),
});
