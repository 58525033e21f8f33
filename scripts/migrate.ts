/**
 * `npm run db:migrate`: applies pending migrations to the database DATABASE_URL names, as the server
 * does on start and under the same lock (server/apply-migrations.ts), so it may run while instances start.
 */
import { applyMigrations, projectRoot } from "../server/apply-migrations";
import { runCli } from "./cli";

runCli("apply the migrations", async () => {
  console.log(`Migrations ${await applyMigrations(projectRoot)}.`);
});
