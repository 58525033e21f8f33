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
import { say, type ValidationKey } from "../contract/validation-messages";
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
  // Uploading a provider's statement applies the outcomes it reports (issue 32): finance's work.
  "reconciliation.upload": ["finance_approver"],
  // Proposing how a statement's break is settled (issue 32, item 5); other finance approvers decide it.
  "reconciliation.settle": ["finance_approver"],
  "payments.expire": ["system"],
  "tokens.own": EVERY_PLATFORM_ROLE,
  "beneficiaries.erase": ["administrator"],
  // Off for reviewers and auditors (issue 36): they see values masked.
  "beneficiaries.values.read": ["administrator", "program_manager", "finance_approver", "system"],
  // One provider organisation (its users, and its API keys by scope).
  "provider.read": ["owner", "editor", "viewer", "key:full", "key:read"],
  "provider.channels.edit": ["owner", "editor", "key:full"],
  "provider.webhooks.manage": ["owner", "key:full"],
  "provider.deliveries.report": ["owner", "editor", "key:full"],
  "provider.keys.manage": ["owner"],
  "provider.users.manage": ["owner"],
} as const satisfies Record<string, readonly Holder[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * The refusal of each permission, a whole sentence in messages/en/validation.json ("Your role does
 * not allow you to …"), so that a translator translates the sentence, never a fragment of it.
 */
export const PERMISSION_REFUSALS: Readonly<Record<Permission, ValidationKey>> = {
  "console.read": "roleMayNotReadConsole",
  "reconciliation.upload": "roleMayNotUploadStatements",
  "reconciliation.settle": "roleMayNotSettleBreaks",
  "users.manage": "roleMayNotManagePlatformUsers",
  "users.read": "roleMayNotReadPlatformUsers",
  "providers.manage": "roleMayNotManageProviders",
  "policies.manage": "roleMayNotSetApprovalPolicies",
  "webhooks.replay": "roleMayNotReplayWebhookEvents",
  "audit.read": "roleMayNotReadAuditTrail",
  "mail.read": "roleMayNotReadMailbox",
  "channels.decide": "roleMayNotDecideChannelRequests",
  "translations.edit": "roleMayNotEditTranslations",
  "programs.manage": "roleMayNotManagePrograms",
  "deliveries.send": "roleMayNotSendDeliveryRequests",
  "refunds.request": "roleMayNotRequestRefunds",
  "payments.approve": "roleMayNotApprovePayments",
  "payments.expire": "roleMayNotExpirePayments",
  "tokens.own": "roleMayNotHoldPlatformTokens",
  "beneficiaries.erase": "roleMayNotEraseBeneficiaries",
  "beneficiaries.values.read": "roleMayNotReadBeneficiaryValues",
  "provider.read": "roleMayNotReadOrganisationData",
  "provider.channels.edit": "roleMayNotChangeOrganisationChannels",
  "provider.webhooks.manage": "roleMayNotManageOrganisationWebhooks",
  "provider.deliveries.report": "roleMayNotReportDeliveryOutcomes",
  "provider.keys.manage": "roleMayNotManageOrganisationKeys",
  "provider.users.manage": "roleMayNotManageOrganisationUsers",
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
    throw forbidden(say(PERMISSION_REFUSALS[permission]));
  }
}

/**
 * A provider permission on one organisation's data: the actor must hold it and act for that
 * organisation. Returns the organisation, so callers take the tenant from the actor, not the input.
 */
export function authorizeProvider(actor: Actor, permission: Permission): string {
  authorize(actor, permission);
  if (!actor.providerId) throw forbidden(say("actsForNoProviderOrganisation"));
  return actor.providerId;
}
