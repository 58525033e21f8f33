/**
 * Invitations: an administrator invites platform users (and an organisation's owner), an owner the
 * users of their own organisation. The inviter fixes the roles and the organisation; the invitee,
 * holding the one-time link, sets a name and a password. The token is stored as SHA-256 only,
 * expires after 7 days, is consumed once and can be revoked until then.
 */
import { randomBytes } from "node:crypto";
import { parseRoles, serializeRoles, type UserRole } from "../../contract/roles";
import { say } from "../../contract/validation-messages";
import { sha256Hex } from "../../crypto";
import { db, isUniqueViolation, type Tx } from "../../db";
import { recordAudit } from "../audit";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { type Actor, authorize, can } from "../permissions";
import { newUserData, normalEmail } from "./accounts";
import { deliverInvitation } from "./invitation-delivery";
import {
  assertLiveOrganisation,
  assertScopeRoles,
  lockUserAdministration,
  managedScope,
  type UserScope,
} from "./managed-users";

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationInput {
  email: string;
  name: string;
  roles: UserRole[];
  /** An administrator inviting an organisation's owner names it; otherwise the actor's scope. */
  providerId?: string | null;
}

export interface SentInvitation {
  invitationId: string;
  email: string;
  expiresAt: Date;
  /** The one-time link, shown to the inviter when no mail carries it (no SMTP_URL); null when mailed. */
  link: string | null;
}

export async function inviteUser(
  actor: Actor,
  input: InvitationInput,
  origin: string,
): Promise<SentInvitation> {
  const scope = await invitingScope(actor, input);
  assertScopeRoles(scope, input.roles);
  const email = normalEmail(input.email);
  if (await db().user.findUnique({ where: { email }, select: { id: true } })) {
    throw invalid("email", say("alreadyHasAccount", { email }));
  }
  const token = randomBytes(32).toString("base64url");
  const providerId = scope.kind === "provider" ? scope.providerId : null;
  const { invitation, shownLink } = await db().$transaction(async (tx) => {
    const created = await tx.invitation.create({
      data: {
        tokenHash: sha256Hex(token),
        email,
        name: input.name.trim(),
        roles: serializeRoles(input.roles),
        providerId,
        invitedBy: actor.personId ?? actor.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
      },
    });
    await recordAudit(tx, actor, {
      action: "user.invited",
      subjectType: "invitation",
      subjectId: created.id,
      detail: { email, providerId },
      after: { roles: parseRoles(created.roles) },
    });
    const organisation = providerId
      ? (await tx.provider.findUnique({ where: { id: providerId }, select: { name: true } }))?.name
      : null;
    const letter = {
      email,
      name: created.name,
      roles: input.roles,
      expiresAt: created.expiresAt,
      invitedBy: created.invitedBy,
      origin,
      token,
    };
    const delivered = await deliverInvitation(tx, { ...letter, organisation: organisation ?? null });
    return { invitation: created, shownLink: delivered.shownLink };
  });
  return { invitationId: invitation.id, email, expiresAt: invitation.expiresAt, link: shownLink };
}

/**
 * An owner invites into their own organisation only; an administrator invites platform users, or
 * an organisation's owner (the first one, from the organisation's console page).
 */
async function invitingScope(actor: Actor, input: InvitationInput): Promise<UserScope> {
  const named = input.providerId ?? null;
  if (actor.providerId || !named) {
    const scope = await managedScope(actor);
    if (named && (scope.kind !== "provider" || scope.providerId !== named)) {
      throw forbidden(say("inviteIntoOwnOrganisationOnly"));
    }
    return scope;
  }
  authorize(actor, "providers.manage");
  await assertLiveOrganisation(named);
  if (input.roles.length !== 1 || input.roles[0] !== "owner") {
    throw invalid("roles", say("administratorInvitesOwnersOnly"));
  }
  return { kind: "provider", providerId: named };
}

export type InvitationState = "pending" | "accepted" | "expired" | "revoked";

export function invitationState(
  invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now = new Date(),
): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt <= now ? "expired" : "pending";
}

const LISTED = {
  id: true,
  email: true,
  name: true,
  roles: true,
  createdAt: true,
  expiresAt: true,
  acceptedAt: true,
  revokedAt: true,
} as const;

/** The invitations of the actor's scope (or, for an administrator, of a named organisation) not yet used or revoked. */
export async function openInvitations(actor: Actor, organisationId?: string) {
  const scope = organisationId
    ? await consoleOrganisationScope(actor, organisationId)
    : await managedScope(actor);
  const rows = await db().invitation.findMany({
    where: {
      providerId: scope.kind === "provider" ? scope.providerId : null,
      acceptedAt: null,
      revokedAt: null,
    },
    select: LISTED,
    orderBy: { createdAt: "desc" },
    take: 200,
  });
  return rows.map((row) => ({ ...row, roles: parseRoles(row.roles), state: invitationState(row) }));
}

async function consoleOrganisationScope(actor: Actor, providerId: string): Promise<UserScope> {
  authorize(actor, "providers.manage");
  await assertLiveOrganisation(providerId);
  return { kind: "provider", providerId };
}

export async function revokeInvitation(actor: Actor, invitationId: string): Promise<void> {
  const invitation = await db().invitation.findUnique({ where: { id: invitationId } });
  if (!invitation) throw notFound(say("noSuchInvitation"));
  await assertMayRevoke(actor, invitation.providerId);
  await db().$transaction(async (tx) => {
    const revoked = await tx.invitation.updateMany({
      where: { id: invitationId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (revoked.count === 0) throw conflict(say("invitationAlreadyUsedOrRevoked"));
    await recordAudit(tx, actor, {
      action: "invitation.revoked",
      subjectType: "invitation",
      subjectId: invitationId,
      detail: { email: invitation.email, providerId: invitation.providerId },
    });
  });
}

/** Whoever may invite into the invitation's scope may revoke it; another organisation's is "not found". */
async function assertMayRevoke(actor: Actor, providerId: string | null): Promise<void> {
  if (!actor.providerId && providerId) return authorize(actor, "providers.manage");
  const scope = await managedScope(actor);
  const own = scope.kind === "provider" ? scope.providerId : null;
  if (own !== providerId) throw notFound(say("noSuchInvitation"));
}

const tokenHash = (token: string) => sha256Hex(token);

/** What the invitation page shows to the holder of a link; null for a token that was never issued. */
export async function invitationForToken(token: string) {
  const invitation = await db().invitation.findUnique({
    where: { tokenHash: tokenHash(token) },
    include: { provider: { select: { name: true } } },
  });
  if (!invitation) return null;
  return {
    email: invitation.email,
    name: invitation.name,
    roles: parseRoles(invitation.roles),
    organisation: invitation.provider?.name ?? null,
    state: invitationState(invitation),
  };
}

export const INVITATION_UNUSABLE: Record<Exclude<InvitationState, "pending">, string> = {
  accepted: say("invitationAlreadyUsed"),
  expired: say("invitationExpired", { days: INVITATION_DAYS }),
  revoked: say("invitationWithdrawn"),
};

const INVITER_GONE = say("inviterCanNoLongerInvite");

/**
 * An invitation is only as good as its inviter now: one who was deactivated, or lost the role that
 * let them invite into that scope, has invited nobody (else a removed manager keeps a way back in
 * for the invitation's 7 days). Read under the user-administration lock, like the roles it checks.
 */
async function inviterMayStillInvite(
  tx: Tx,
  invitation: { invitedBy: string; providerId: string | null },
): Promise<boolean> {
  const inviter = await tx.user.findUnique({
    where: { id: invitation.invitedBy },
    select: { roles: true, providerId: true, deactivatedAt: true },
  });
  if (!inviter || inviter.deactivatedAt) return false;
  const holds = parseRoles(inviter.roles);
  if (!invitation.providerId) return can({ holds }, "users.manage");
  // An organisation's owner invites its users; an administrator invites an organisation's owner.
  const ownOrganisation = inviter.providerId === invitation.providerId;
  return (ownOrganisation && can({ holds }, "provider.users.manage")) || can({ holds }, "providers.manage");
}

/**
 * Creates the invited account and consumes the invitation in one transaction: of two acceptances
 * racing, one consumes it and the other changes nothing. The holder of the token acts for the new
 * account, so the audit entry names it.
 */
export async function acceptInvitation(token: string, input: { name: string; password: string }) {
  const invitation = await db().invitation.findUnique({ where: { tokenHash: tokenHash(token) } });
  if (!invitation) throw notFound(say("invitationLinkNotValid"));
  const state = invitationState(invitation);
  if (state !== "pending") throw conflict(INVITATION_UNUSABLE[state]);
  const roles = parseRoles(invitation.roles);
  const data = await newUserData({
    email: invitation.email,
    name: input.name,
    password: input.password,
    roles,
    providerId: invitation.providerId,
  });
  try {
    await db().$transaction(async (tx) => {
      await lockUserAdministration(tx);
      const now = new Date();
      const consumed = await tx.invitation.updateMany({
        where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { acceptedAt: now, acceptedUserId: data.id },
      });
      if (consumed.count === 0) throw conflict(say("invitationUnusableMeanwhile"));
      if (!(await inviterMayStillInvite(tx, invitation))) throw conflict(INVITER_GONE);
      await tx.user.create({ data, select: { id: true } });
      await recordAudit(tx, { kind: "user", id: data.id }, [
        { action: "invitation.accepted", subjectType: "invitation", subjectId: invitation.id },
        {
          action: "user.created",
          subjectType: "user",
          subjectId: data.id,
          detail: { email: data.email, providerId: data.providerId, invitationId: invitation.id },
          after: { roles },
        },
      ]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(say("accountWithEmailExists", { email: data.email }));
    throw error;
  }
  return { email: data.email };
}
