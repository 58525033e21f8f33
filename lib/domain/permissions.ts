/**
 * Who may do what: the one permission table. Every domain operation that reads or changes
 * something on someone's behalf calls `authorize(actor, permission)` first, whichever face called it
 * (the provider API, the portal, the console, the platform API, a worker); pages ask `can` only to
 * hide what a role may not do. A permission not listed for a role is refused.
 *
 * Besides the user roles (lib/contract/roles.ts) the table names the holders that are not people:
 * an API key by its scope (`key:full`, `key:read`) and the platform's own workers (`system`).
 */
import type { UserRole } from "../contract/roles";
import { forbidden } from "./errors";

export type KeyRole = "key:full" | "key:read";
export type Holder = UserRole | KeyRole | "system";

const EVERY_PLATFORM_ROLE = [
  "administrator",
  "reviewer",
  "program_manager",
  "finance_approver",
  "auditor",
] as const satisfies readonly Holder[];

export const PERMISSIONS = {
  // The console (platform roles).
  "console.read": EVERY_PLATFORM_ROLE,
  "users.manage": ["administrator"],
  "users.read": ["administrator", "auditor"],
  "providers.manage": ["administrator"],
  "policies.manage": ["administrator"],
  "webhooks.replay": ["administrator"],
  "audit.read": ["administrator", "auditor"],
  "mail.read": ["administrator"],
  "channels.decide": ["reviewer", "system"],
  "translations.edit": ["reviewer"],
  "programs.manage": ["program_manager"],
  "deliveries.send": ["program_manager", "system"],
  "refunds.request": ["program_manager", "system"],
  "payments.approve": ["finance_approver"],
  "payments.expire": ["system"],
  "tokens.own": EVERY_PLATFORM_ROLE,
  // One provider organisation (its users, and its API keys by scope).
  "provider.read": ["owner", "editor", "viewer", "key:full", "key:read"],
  "provider.channels.edit": ["owner", "editor", "key:full"],
  "provider.webhooks.manage": ["owner", "key:full"],
  "provider.deliveries.report": ["owner", "editor", "key:full"],
  "provider.keys.manage": ["owner"],
  "provider.users.manage": ["owner"],
} as const satisfies Record<string, readonly Holder[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What a permission allows, in words, for the refusal message and the roles page. */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  "console.read": "read the admin console",
  "users.manage": "manage platform users",
  "users.read": "read the platform's users and their roles",
  "providers.manage": "manage providers and their API keys",
  "policies.manage": "set approval policies",
  "webhooks.replay": "replay webhook events",
  "audit.read": "read the audit trail",
  "mail.read": "read every notification the portal wrote (the mailbox)",
  "channels.decide": "decide channel requests",
  "translations.edit": "edit translations",
  "programs.manage": "manage programs, their channels and budgets",
  "deliveries.send": "send delivery requests",
  "refunds.request": "request refunds",
  "payments.approve": "approve payments",
  "payments.expire": "expire payments awaiting approval",
  "tokens.own": "hold platform API tokens",
  "provider.read": "read the organisation's data",
  "provider.channels.edit": "change the organisation's channels",
  "provider.webhooks.manage": "manage the organisation's webhooks",
  "provider.deliveries.report": "report delivery outcomes",
  "provider.keys.manage": "manage the organisation's API keys",
  "provider.users.manage": "manage the organisation's users",
};

/**
 * Who acts: a signed-in user, a platform API token (acting for its user, with that user's current
 * roles), a provider's API key, or a worker. `providerId` is the organisation whose data a provider
 * actor reaches (its sandbox in test mode); `personId` is the person behind the act, the one the
 * four-eyes rule compares (null for keys and workers).
 */
export interface Actor {
  kind: "user" | "token" | "apiKey" | "system";
  /** The user's, the token's, the key's id, or the worker's name ("system:…"). */
  id: string;
  personId: string | null;
  holds: readonly Holder[];
  providerId: string | null;
  /**
   * The provider organisation the person belongs to, for a platform user acting in the console (a
   * reviewer may not decide their own organisation's requests); null or absent otherwise.
   */
  memberOf?: string | null;
}

export const systemActor = (name: string): Actor => ({
  kind: "system",
  id: `system:${name}`,
  personId: null,
  holds: ["system"],
  providerId: null,
});

/**
 * The operators' command-line tools (scripts/: provider-create, demo, the benches) act as the
 * platform's operators, with every role but payment approval, recorded as the tool; with a provider,
 * as that organisation's owner.
 */
export const operatorActor = (tool: string, providerId: string | null = null): Actor => ({
  kind: "system",
  id: `system:${tool}`,
  personId: null,
  holds: providerId ? ["owner"] : ["administrator", "reviewer", "program_manager"],
  providerId,
});

export function can(actor: Pick<Actor, "holds">, permission: Permission): boolean {
  const allowed: readonly Holder[] = PERMISSIONS[permission];
  return actor.holds.some((holder) => allowed.includes(holder));
}

/** Refuses (a DomainError "forbidden": 403 in the API, a message at the form) unless allowed. */
export function authorize(actor: Pick<Actor, "holds">, permission: Permission): void {
  if (!can(actor, permission)) {
    throw forbidden(`Your role does not allow you to ${PERMISSION_LABELS[permission]}.`);
  }
}

/**
 * A provider permission on one organisation's data: the actor must hold it and act for that
 * organisation. Returns the organisation, so callers take the tenant from the actor, not the input.
 */
export function authorizeProvider(actor: Actor, permission: Permission): string {
  authorize(actor, permission);
  if (!actor.providerId) throw forbidden("This acts for no provider organisation.");
  return actor.providerId;
}
