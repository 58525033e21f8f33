/**
 * Creates a portal account from the command line:
 *   npm run -s user:create -- --email dana@acme.example --provider <providerId> [--name "Dana"]
 *   npm run -s user:create -- --email alex@platform.example --admin
 *   npm run -s user:create -- --email fin@platform.example --roles "finance_approver"
 * Prints what it did, then the generated password alone on the last line (for scripts). Honours
 * DATABASE_URL like the server; the database must already be migrated.
 */
import { parseArgs } from "node:util";
import { LEGACY_ADMIN_ROLES, parseRoles, type UserRole } from "../lib/contract/roles";
import { createUser, generatePassword } from "../lib/domain/users";
import { runCli, usageError } from "./cli";

const USAGE =
  "Usage: npm run -s user:create -- --email <email> (--provider <providerId> | --admin | --roles <roles>) [--name <name>]";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      provider: { type: "string" },
      admin: { type: "boolean", default: false },
      /** Platform roles by name, space- or comma-separated (lib/contract/roles.ts). */
      roles: { type: "string" },
    },
  });
  const roles = values.roles ? parseRoles(values.roles.replaceAll(",", " ")) : [];
  if (!values.email || (!values.provider && !values.admin && roles.length === 0)) {
    usageError(USAGE);
    return;
  }
  const password = generatePassword();
  const user = await createUser({
    email: values.email,
    name: values.name ?? values.email,
    password,
    roles: rolesOf(roles, values.admin, Boolean(values.provider)),
    providerId: values.provider ?? null,
  });
  console.log(`Created ${user.roles} user ${user.email} (${user.id}). Its password, shown only this once:`);
  console.log(password);
}

/** --roles as given; --admin: an administrator's roles, and an organisation's owner when it names one. */
function rolesOf(roles: UserRole[], admin: boolean, memberOfProvider: boolean): UserRole[] {
  if (roles.length > 0) return roles;
  if (!admin) return ["owner"];
  return memberOfProvider ? [...LEGACY_ADMIN_ROLES, "owner"] : LEGACY_ADMIN_ROLES;
}

runCli("create the user", main);
