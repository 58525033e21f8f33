/**
 * Onboards a provider from the command line, before or without the portal:
 *   npm run -s provider:create -- --name "Acme Payouts"
 * Prints what it did, then the provider's first API key alone on the last line (for scripts).
 * Honours DATABASE_URL like the server; the database must already be migrated (npm run db:migrate).
 */
import { parseArgs } from "node:util";
import { disconnectDb } from "../lib/db";
import { createProvider, issueApiKey } from "../lib/domain/api-keys";

async function main() {
  const { values } = parseArgs({ options: { name: { type: "string" } } });
  const name = values.name?.trim();
  if (!name) {
    console.error('Usage: npm run -s provider:create -- --name "Provider name"');
    process.exitCode = 2;
    return;
  }
  const provider = await createProvider(name);
  const { key } = await issueApiKey(provider.id, "first key");
  console.log(`Created provider "${provider.name}" (${provider.id}). Its API key, shown only this once:`);
  console.log(key);
}

main()
  .catch((error: unknown) => {
    console.error(`Could not create the provider: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
