/**
 * Creates a portal account from the command line:
 *   npm run -s user:create -- --email dana@acme.example --provider <providerId> [--name "Dana"]
 *   npm run -s user:create -- --email alex@platform.example --admin
 *   npm run -s user:create -- --email eve@acme.example --provider <providerId> --roles editor,viewer
 *   npm run -s user:create -- --email rita@platform.example --roles reviewer,auditor
 *   npm run -s user:create -- --email fin@platform.example --roles finance_approver
 * --admin means the roles an administrator had before roles existed (LEGACY_ADMIN_ROLES), plus the
 * organisation's owner with --provider; with --provider and no --roles the user is its owner.
 * Prints what it did, then the generated password alone on the last line (for scripts). Honours
 * DATABASE_URL like the server; the database must already be migrated.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import {
  LEGACY_ADMIN_ROLES,
  PLATFORM_ROLES,
  PROVIDER_ROLES,
  type UserRole,
  userRoleSchema,
} from "../lib/contract/roles";
import { createUser, generatePassword } from "../lib/domain/users";
import { runCli, usageError } from "./cli";

const USAGE = `Usage: npm run -s user:create -- --email <email> [--provider <providerId>] (--admin | --roles <role,role>) [--name <name>]
Roles: ${[...PLATFORM_ROLES, ...PROVIDER_ROLES].join(", ")}`;

/** The roles the options ask for; undefined when they name none or an unknown one. */
function chosenRoles(values: { roles?: string; admin?: boolean; provider?: string }): UserRole[] | undefined {
  // An administrator who also belongs to an organisation works its portal as its owner.
  if (values.admin) return values.provider ? [...LEGACY_ADMIN_ROLES, "owner"] : LEGACY_ADMIN_ROLES;
  if (!values.roles) return values.provider ? ["owner"] : undefined;
  const words = values.roles.split(",").map((word) => word.trim());
  const parsed = z.array(userRoleSchema).min(1).safeParse(words);
  return parsed.success ? parsed.data : undefined;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      provider: { type: "string" },
      admin: { type: "boolean", default: false },
      roles: { type: "string" },
    },
  });
  const roles = chosenRoles(values);
  if (!values.email || !roles) {
    usageError(USAGE);
    return;
  }
  const password = generatePassword();
  const user = await createUser({
    email: values.email,
    name: values.name ?? values.email,
    password,
    roles,
    providerId: values.provider ?? null,
  });
  console.log(`Created ${user.roles} user ${user.email} (${user.id}). Its password, shown only this once:`);
  console.log(password);
}

runCli("create the user", main);
