/**
 * Creates a portal account from the command line:
 *   npm run -s user:create -- --email dana@acme.example --provider <providerId> [--name "Dana"]
 *   npm run -s user:create -- --email alex@platform.example --admin
 * Prints what it did, then the generated password alone on the last line (for scripts). Honours
 * DATABASE_URL like the server; the database must already be migrated.
 */
import { parseArgs } from "node:util";
import { LEGACY_ADMIN_ROLES } from "../lib/contract/roles";
import { createUser, generatePassword } from "../lib/domain/users";
import { runCli, usageError } from "./cli";

const USAGE =
  "Usage: npm run -s user:create -- --email <email> (--provider <providerId> | --admin) [--name <name>]";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      provider: { type: "string" },
      admin: { type: "boolean", default: false },
    },
  });
  if (!values.email || (!values.provider && !values.admin)) {
    usageError(USAGE);
    return;
  }
  const password = generatePassword();
  const user = await createUser({
    email: values.email,
    name: values.name ?? values.email,
    password,
    // An administrator who also belongs to an organisation works its portal as its owner.
    roles: values.admin
      ? [...LEGACY_ADMIN_ROLES, ...(values.provider ? (["owner"] as const) : [])]
      : ["owner"],
    providerId: values.provider ?? null,
  });
  console.log(`Created ${user.roles} user ${user.email} (${user.id}). Its password, shown only this once:`);
  console.log(password);
}

runCli("create the user", main);
