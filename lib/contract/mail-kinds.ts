/**
 * The notifications the portal sends by email: who may receive each kind and how a user's settings
 * name it. One table: the settings page, the queueing and the tests all read it.
 */
import type { UserRole } from "./roles";

export const MAIL_KINDS = {
  channel_decision: {
    label: "A decision on one of my organisation's channel requests (with the reason of a rejection)",
    roles: ["owner", "editor", "viewer"],
  },
  key_expiring: {
    label: "An API key of my organisation expires within a week",
    roles: ["owner"],
  },
  webhook_disabled: {
    label: "A webhook endpoint of my organisation was disabled after failing",
    roles: ["owner"],
  },
  review_digest: {
    label: "A digest of the channel requests that arrived since the last one",
    roles: ["reviewer"],
  },
  payment_awaiting: {
    label: "A payment that awaits my approval",
    roles: ["finance_approver"],
  },
  outcomes_overdue: {
    label: "Deliveries without an outcome past their program's reconciliation window",
    roles: ["program_manager", "owner"],
  },
  payment_decided: {
    label: "The decision on a payment or refund I asked for (with the reason of a rejection)",
    roles: ["program_manager"],
  },
} as const satisfies Record<string, { label: string; roles: readonly UserRole[] }>;

export type MailKind = keyof typeof MAIL_KINDS;

export const MAIL_KIND_NAMES = Object.keys(MAIL_KINDS) as MailKind[];

/** The kinds a user with `roles` may receive, in the table's order. */
export const kindsFor = (roles: readonly UserRole[]): MailKind[] =>
  MAIL_KIND_NAMES.filter((kind) => MAIL_KINDS[kind].roles.some((role) => roles.includes(role as UserRole)));

/** The states of a message (MailMessage.state). */
export const MAIL_STATES = ["PENDING", "SENT", "FAILED", "KEPT", "CANCELLED"] as const;
