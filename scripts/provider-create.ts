/**
 * Onboards a provider from the command line, before or without the portal:
 *   npm run -s provider:create -- --name "Acme Payouts"
 * Prints what it did, then the provider's first API key alone on the last line (for scripts).
 * Honours DATABASE_URL like the server; the database must already be migrated (npm run db:migrate).
 */
import { parseArgs } from "node:util";
import { issueApiKey } from "../lib/domain/keys";
import { operatorActor } from "../lib/domain/permissions";
import { createProvider } from "../lib/domain/providers";
import { runCli, usageError } from "./cli";

const OPERATOR = operatorActor("provider-create");

async function main() {
  const { values } = parseArgs({ options: { name: { type: "string" } } });
  const name = values.name?.trim();
  if (!name) {
    usageError('Usage: npm run -s provider:create -- --name "Provider name"');
    return;
  }
  const provider = await createProvider(OPERATOR, name);
  const { key } = await issueApiKey(OPERATOR, provider.id, "first key");
  console.log(`Created provider "${provider.name}" (${provider.id}). Its API key, shown only this once:`);
  console.log(key);
}

runCli("create the provider", main);
