/**
 * Issues a platform API token for an existing platform user, so that automation can start from a
 * fresh install without a browser (docs/platform-api.md "Tokens from the command line"):
 *   npm run -s token:create -- --email alex@platform.example [--name "deploy bot"] [--days 30]
 * The token acts as that user with their current platform roles. Prints what it did, then the token
 * alone on the last line (for scripts). Exit 2: wrong arguments; 1: refused or failed. Honours
 * DATABASE_URL like the server; the database must already be migrated.
 */
import { parseArgs } from "node:util";
import { newPlatformTokenSchema } from "../lib/contract/forms/platform-token-forms";
import { DomainError } from "../lib/domain/errors";
import { issuePlatformTokenByOperator } from "../lib/domain/keys";
import { operatorActor } from "../lib/domain/permissions";
import { runCli, usageError } from "./cli";

const OPERATOR = operatorActor("token-create");
const USAGE =
  "Usage: npm run -s token:create -- --email <user's email> [--name <token name>] [--days <1-365>]";
// The console's form starts with the same expiry (components/admin/token-forms.tsx).
const DEFAULT_DAYS = "30";

/** Why the domain refused, said of the user the operator named (its own messages address the user). */
function refusal(error: DomainError, email: string): string {
  if (error.kind === "not_found") return `no user has the email ${email}`;
  if (error.kind === "forbidden")
    return `${email} holds no platform role: a provider organisation's user cannot hold platform tokens`;
  if (error.kind === "conflict") return `${email} is deactivated: reactivate the account first`;
  return error.message;
}

async function main() {
  let values: { email?: string; name?: string; days?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, name: { type: "string" }, days: { type: "string" } },
    }));
  } catch (error) {
    usageError(`${(error as Error).message}\n${USAGE}`);
    return;
  }
  const email = values.email?.trim();
  if (!email) {
    usageError(`--email is required.\n${USAGE}`);
    return;
  }
  // The console's own rules for a token's name and expiry, with its messages.
  const input = newPlatformTokenSchema.safeParse({
    name: values.name ?? "token:create",
    expiresInDays: values.days ?? DEFAULT_DAYS,
  });
  if (!input.success) {
    const problems = input.error.issues.map(
      (issue) => `--${issue.path[0] === "expiresInDays" ? "days" : "name"}: ${issue.message}`,
    );
    usageError(`${problems.join("\n")}\n${USAGE}`);
    return;
  }
  try {
    const { token, record } = await issuePlatformTokenByOperator(OPERATOR, email, input.data);
    console.log(
      `Issued platform token "${record.name}" (${record.id}, ${record.prefix}…) for ${email}, acting with` +
        ` their platform roles, expiring ${record.expiresAt.toISOString()}. Shown only this once:`,
    );
    console.log(token);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(`Could not issue the token: ${refusal(error, email)}.`);
    process.exitCode = 1;
  }
}

runCli("issue the token", main);
