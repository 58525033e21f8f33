/**
 * What a channel *is* for a person, in one word, with what is under way for it (issue 30, finding 1).
 * The contract's `status` is what the provider last asked for (the API answers it as the contract
 * says), and the approval, the pending request and the last rejection are separate columns: shown
 * side by side they read "REQUESTED · Awaiting approval · Rejected". Every page, badge, dialog and
 * filter of the portal and the console shows the standing this derives instead, so a channel is
 * one thing wherever it is seen. No server dependencies: pages and client components share it.
 *
 * - Never approved: `awaitingApproval` while its request awaits a decision, `rejected` (with the
 *   reason) once it was refused, `withdrawn` once the provider withdrew it (issue 30, finding 9),
 *   `notApproved` otherwise.
 * - Approved: a withdrawn change leaves nothing under way; the channel reads as what it is.
 * - Retired (approved or not): `retired`, whatever else is true: it is OFFLINE for good.
 * - Approved: `live` when it receives deliveries (the send rule, lib/domain/deliveries/serving-channel.ts:
 *   approved and ONLINE), else `offline`; with the `change` under way, if any: one awaiting a
 *   decision, or the last one rejected (with the reason).
 */

export type RequestKindName = "CREATE" | "UPDATE" | "UPDATE_STATUS";

export interface StandingInput {
  status: string;
  isApproved: boolean;
  /** The reason the newest request was rejected; null once a newer one arrives or one is approved. */
  rejectionReason: string | null;
  /** The request awaiting a decision, if any. */
  pending: { kind: string } | null;
  /** When the provider withdrew the newest request; null once a newer one arrives. */
  withdrawnAt: Date | null;
  /** When the provider retired the channel (lib/domain/channels/retire.ts); null while in service. */
  retiredAt: Date | null;
}

/**
 * The columns a standing is derived from, for a query's `select` (with `requests` as `pending`):
 * a new input of the standing is added here once, not in every list that shows one.
 */
export const STANDING_COLUMNS = {
  status: true,
  isApproved: true,
  rejectionReason: true,
  withdrawnAt: true,
  retiredAt: true,
  requests: { where: { state: "PENDING" }, select: { kind: true }, take: 1 },
} as const;

export type ChangeUnderWay = { state: "awaiting"; kind: string } | { state: "rejected"; reason: string };

export type ChannelStanding =
  | { state: "live" | "offline"; change: ChangeUnderWay | null }
  | { state: "awaitingApproval"; kind: string }
  | { state: "rejected"; reason: string }
  | { state: "withdrawn" }
  | { state: "notApproved" }
  | { state: "retired" };

export type StandingState = ChannelStanding["state"];

/** Every standing, in the order the console's filter lists them. */
export const STANDING_STATES = [
  "live",
  "offline",
  "awaitingApproval",
  "rejected",
  "withdrawn",
  "notApproved",
  "retired",
] as const;

/** The channel's standing. */
export function channelStanding(channel: StandingInput): ChannelStanding {
  if (channel.retiredAt !== null) return { state: "retired" };
  if (!channel.isApproved) {
    if (channel.pending) return { state: "awaitingApproval", kind: channel.pending.kind };
    if (channel.rejectionReason !== null) return { state: "rejected", reason: channel.rejectionReason };
    if (channel.withdrawnAt !== null) return { state: "withdrawn" };
    return { state: "notApproved" };
  }
  const change: ChangeUnderWay | null = channel.pending
    ? { state: "awaiting", kind: channel.pending.kind }
    : channel.rejectionReason !== null
      ? { state: "rejected", reason: channel.rejectionReason }
      : null;
  return { state: channel.status === "ONLINE" ? "live" : "offline", change };
}

/**
 * The console's filter by standing, as the list's column filters (lib/domain/channels/channel-lists.ts):
 * approval, the contract status, the latest request and retirement (a retired channel is OFFLINE,
 * has nothing pending and no rejection shown: only `offline` must leave it out). `changes`: approved
 * channels with a change awaiting a decision or rejected.
 */
export const STANDING_FILTERS = {
  live: { approved: "yes", status: "ONLINE" },
  offline: { approved: "yes", status: "OFFLINE", retired: "no" },
  awaitingApproval: { approved: "no", request: "pending" },
  rejected: { approved: "no", request: "rejected" },
  changeAwaiting: { approved: "yes", request: "pending" },
  changeRejected: { approved: "yes", request: "rejected" },
  retired: { retired: "yes" },
} as const satisfies Record<
  string,
  { approved?: "yes" | "no"; status?: string; request?: "pending" | "rejected"; retired?: "yes" | "no" }
>;

export type StandingFilter = keyof typeof STANDING_FILTERS;

/**
 * The provider list's filters (lib/domain/home/waiting-for-you.ts links to them): the channels whose newest
 * request was rejected, or one awaits the platform's decision.
 */
export const PORTAL_CHANNEL_STATES = {
  rejected: { rejectionReason: { not: null } },
  pending: { requests: { some: { state: "PENDING" } } },
} as const;
export type PortalChannelState = keyof typeof PORTAL_CHANNEL_STATES;
export const isPortalChannelState = (value: unknown): value is PortalChannelState =>
  typeof value === "string" && Object.hasOwn(PORTAL_CHANNEL_STATES, value);
