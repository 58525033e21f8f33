/**
 * What the permission matrix acts on, prepared once through the domain: a provider organisation
 * with a pending channel request, an approved channel, an hmac subscription, an event and a key to
 * roll and revoke; a second organisation whose keys may be regenerated; a program with an approval
 * policy and two delivery requests held for approval (created by a program manager, so the finance
 * approver who decides is another person); platform users and team members whose roles to change,
 * to deactivate and to reactivate (none of them an administrator or owner, so no change removes the
 * last one), and an open invitation of each scope to revoke. `inputs` gives each action a valid
 * input (or one that can only fail on its subject), fresh for every call.
 */
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { decideChannelRequest, requestChannelCreate } from "@/lib/domain/channels";
import { issueApiKey, issuePlatformToken } from "@/lib/domain/keys";
import { POLICY_COLUMNS } from "@/lib/domain/payments";
import { createUser, deactivateUser, inviteUser } from "@/lib/domain/users";
import { sendExampleEvent, subscribe } from "@/lib/domain/webhooks";
import type { UserRole } from "../../../lib/contract/roles";
import { createProvider } from "../../../lib/domain/providers";
import { fullChannelBody } from "../channels/channel-bodies";
import { programWithPolicy, send } from "../money/approval-setup";
import { ADMIN, providerActor, userActor } from "./actors";

export const MATRIX_NAME = `matrix-${randomUUID().slice(0, 8)}`;

/** An address the snapshot counts (users and invitations named after the matrix). */
export const matrixEmail = (what: string) =>
  `${MATRIX_NAME}-${what}-${randomUUID().slice(0, 6)}@matrix.example`;

/** An origin for invitation links (no mail is sent: the link is only returned). */
const ORIGIN = "https://portal.matrix.example";

/** The one-time token of an invitation made through the domain (from its link). */
export async function invitationToken(...args: Parameters<typeof inviteUser>) {
  const sent = await inviteUser(...args);
  return { invitationId: sent.invitationId, token: sent.link!.split("/invite/")[1]! };
}

async function matrixUser(what: string, roles: UserRole[], providerId: string | null = null) {
  const password = `pw-${randomUUID()}`;
  const user = await createUser({
    email: matrixEmail(what),
    name: `Matrix ${what}`,
    password,
    roles,
    providerId,
  });
  return user.id;
}

export async function prepareSubjects() {
  const provider = await createProvider(ADMIN, `${MATRIX_NAME} provider`);
  const other = await createProvider(ADMIN, `${MATRIX_NAME} other`);
  const owner = providerActor(provider.id);
  const fullKey = (await issueApiKey(ADMIN, provider.id, "matrix full")).key;
  const readKey = (await issueApiKey(ADMIN, provider.id, "matrix read", { scope: "read" })).key;
  const approvedId = `matrix-approved-${randomUUID()}`;
  await requestChannelCreate(owner, fullChannelBody(approvedId) as never);
  const approved = await db().channel.findFirstOrThrow({
    where: { providerId: provider.id, providerDeliveryChannelId: approvedId },
    include: { requests: true },
  });
  await decideChannelRequest(ADMIN, approved.requests[0]!.id, { approve: true });
  const pendingId = `matrix-pending-${randomUUID()}`;
  await requestChannelCreate(owner, fullChannelBody(pendingId) as never);
  const pending = await db().channelRequest.findFirstOrThrow({
    where: { channel: { providerId: provider.id, providerDeliveryChannelId: pendingId } },
  });
  // A pending request of its own for "Withdraw request" (decideAction decides the one above).
  const withdrawId = `matrix-withdraw-${randomUUID()}`;
  await requestChannelCreate(owner, fullChannelBody(withdrawId) as never);
  const toWithdraw = await db().channelRequest.findFirstOrThrow({
    where: { channel: { providerId: provider.id, providerDeliveryChannelId: withdrawId } },
  });
  const retireId = `matrix-retire-${randomUUID()}`;
  await requestChannelCreate(owner, fullChannelBody(retireId) as never);
  await subscribe(owner, {
    eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
    callbackUrl: "https://matrix.example/hook",
    auth: { type: "hmac", secret: "matrix-secret-0123456789" },
  } as never);
  const event = await sendExampleEvent(owner, "DELIVERY_CHANNEL_STATUS_UPDATED");
  const rolled = await issueApiKey(ADMIN, provider.id, "matrix roll");
  const revoked = await issueApiKey(ADMIN, provider.id, "matrix revoke");
  // Payments: each request above the threshold of 0 waits for one finance approver's decision.
  const money = await programWithPolicy({ delivery: [0, 1] });
  const toApprove = await send(money, [10]);
  const toReject = await send(money, [20]);
  // Users: of the platform (administrators manage them) and of the organisation (its owners).
  const reactivate = await matrixUser("reactivate", ["auditor"]);
  await deactivateUser(ADMIN, reactivate);
  const teamReactivate = await matrixUser("team-reactivate", ["viewer"], provider.id);
  await deactivateUser(owner, teamReactivate);
  const invited = await inviteUser(
    ADMIN,
    { email: matrixEmail("invited"), name: "", roles: ["reviewer"] },
    ORIGIN,
  );
  const tokenHolder = await matrixUser("token-holder", ["auditor"]);
  const teamInvited = await inviteUser(
    owner,
    { email: matrixEmail("team-invited"), name: "", roles: ["editor"] },
    ORIGIN,
  );
  return {
    providerId: provider.id,
    otherProviderId: other.id,
    fullKey,
    readKey,
    approvedChannelId: approved.id,
    approvedId,
    pendingRequestId: pending.id,
    withdrawId,
    withdrawRequestId: toWithdraw.id,
    retireId,
    eventId: event.id,
    rollKeyId: rolled.record.id,
    revokeKeyId: revoked.record.id,
    policyProgramId: money.programId,
    approveRequestId: toApprove.deliveryRequestId,
    rejectRequestId: toReject.deliveryRequestId,
    rolesUserId: await matrixUser("roles", ["reviewer"]),
    deactivateUserId: await matrixUser("deactivate", ["auditor"]),
    reactivateUserId: reactivate,
    invitationId: invited.invitationId,
    teamRolesUserId: await matrixUser("team-roles", ["editor"], provider.id),
    teamDeactivateUserId: await matrixUser("team-deactivate", ["viewer"], provider.id),
    teamReactivateUserId: teamReactivate,
    teamInvitationId: teamInvited.invitationId,
    othersTokenId: (
      await issuePlatformToken(userActor(["auditor"], tokenHolder), {
        name: `${MATRIX_NAME} others`,
        expiresInDays: 7,
      })
    ).record.id,
  };
}

export type Subjects = Awaited<ReturnType<typeof prepareSubjects>>;

const today = new Date().toISOString().slice(0, 10);
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16);

/** A valid input for each action by its exported name (a new action needs one here). */
export function inputs(s: Subjects): Record<string, () => unknown> {
  return {
    setPortalModeAction: () => ({ mode: "live" }),
    createChannelAction: () => fullChannelBody(`matrix-${randomUUID()}`),
    updateChannelAction: () => fullChannelBody(s.approvedId),
    setChannelStatusAction: () => ({ providerDeliveryChannelId: s.approvedId, status: "OFFLINE" }),
    withdrawChannelRequestAction: () => ({
      providerDeliveryChannelId: s.withdrawId,
      channelRequestId: s.withdrawRequestId,
    }),
    retireChannelAction: () => ({ providerDeliveryChannelId: s.retireId }),
    setOptionPurposesAction: () => ({ providerDeliveryChannelId: s.approvedId, purposes: [] }),
    lookupValuesAction: () => ({ key: "DeliveryChannelStatus" }),
    subscribeAction: () => ({
      eventType: "DELIVERY_REQUEST_SENT",
      callbackUrl: "https://matrix.example/sent",
    }),
    unsubscribeAction: () => ({ eventType: "DELIVERY_REQUEST_SENT" }),
    rotateSecretAction: () => ({ eventType: "DELIVERY_CHANNEL_STATUS_UPDATED", graceHours: 0 }),
    reenableAction: () => ({ eventType: "DELIVERY_CHANNEL_STATUS_UPDATED" }),
    replayEventAction: () => ({ eventId: s.eventId }),
    replayFailedAction: () => ({ from: today, to: today }),
    sendTestEventAction: () => ({ eventType: "DELIVERY_CHANNEL_STATUS_UPDATED" }),
    sendExampleAction: () => ({ eventType: "DELIVERY_CHANNEL_STATUS_UPDATED" }),
    createApiKeyAction: () => ({ name: `${MATRIX_NAME} key`, scope: "read", expiresAt: "" }),
    rollApiKeyAction: () => ({ apiKeyId: s.rollKeyId, graceEndsAt: inAWeek }),
    revokeApiKeyAction: () => ({ apiKeyId: s.revokeKeyId }),
    createProgramAction: () => ({
      name: `${MATRIX_NAME} program`,
      description: "",
      unit: "EUR",
      virtualBudget: 100,
    }),
    addChannelAction: () => ({ programId: randomUUID(), channelId: s.approvedChannelId }),
    refundAction: () => ({ programId: randomUUID(), deliveryId: randomUUID(), reason: "matrix" }),
    previewSendAction: () => ({ source: "rows", programId: randomUUID(), channelId: randomUUID() }),
    sendAction: () => ({ source: "rows", programId: randomUUID(), channelId: randomUUID() }),
    decideAction: () => ({ requestId: s.pendingRequestId, decision: { approve: true } }),
    saveTranslationAction: () => ({
      channelId: s.approvedChannelId,
      field: "name",
      language: "FR",
      text: "Traduction de la matrice",
    }),
    createProviderAction: () => ({ name: `${MATRIX_NAME} created` }),
    // Every platform role holds its own tokens: another user's token is revoked by an administrator
    // (users.manage) and is "No such token." to the other platform roles.
    issueTokenAction: () => ({ name: `${MATRIX_NAME} token`, expiresInDays: "7" }),
    revokeTokenAction: () => ({ tokenId: s.othersTokenId }),
    // Nobody is held under this id, nor is there such an erasure: allowed roles fail on the subject only.
    requestErasureAction: () => ({ beneficiaryId: `${MATRIX_NAME}-nobody`, reference: "matrix" }),
    decideErasureAction: () => ({ erasureRequestId: randomUUID(), decision: "approve" }),
    saveNotificationsAction: () => ({ on: ["channel_decision"] }),
    saveConsoleNotificationsAction: () => ({ on: [] }),
    inviteOwnerAction: () => ({
      providerId: s.providerId,
      email: matrixEmail("owner"),
      name: "Matrix owner",
    }),
    regenerateKeyAction: () => ({ providerId: s.otherProviderId }),
    adminReplayEventAction: () => ({ eventId: s.eventId }),
    adminReplayFailedAction: () => ({ from: today, to: today }),
    approvalPolicyAction: () => ({
      programId: s.policyProgramId,
      deliveryThreshold: 50,
      deliveryApprovalsRequired: 2,
      refundThreshold: 10,
      refundApprovalsRequired: 1,
    }),
    retentionAction: () => ({ programId: s.policyProgramId, retentionDays: 400 }),
    reconciliationWindowAction: () => ({ programId: s.policyProgramId, windowDays: 30 }),
    approvePaymentAction: () => ({ kind: "deliveryRequest", id: s.approveRequestId }),
    // A break and an adjustment that do not exist: allowed is "not found", refused is the role's message.
    proposeAdjustmentAction: () => ({ breakId: "no-such-break", kind: "WRITE_OFF", reason: "matrix" }),
    approveAdjustmentAction: () => ({ adjustmentId: "no-such-adjustment" }),
    rejectAdjustmentAction: () => ({ adjustmentId: "no-such-adjustment", reason: "matrix" }),
    closePeriodAction: () => ({ provider: "no-such-provider", from: "2020-01-01", to: "2020-01-31" }),
    rejectPaymentAction: () => ({ kind: "deliveryRequest", id: s.rejectRequestId, reason: "matrix" }),
    invitePlatformUserAction: () => ({ email: matrixEmail("platform"), name: "", roles: ["reviewer"] }),
    revokeInvitationAction: () => ({ invitationId: s.invitationId }),
    changePlatformRolesAction: () => ({ userId: s.rolesUserId, roles: ["reviewer", "auditor"] }),
    deactivatePlatformUserAction: () => ({ userId: s.deactivateUserId }),
    reactivatePlatformUserAction: () => ({ userId: s.reactivateUserId }),
    inviteTeamMemberAction: () => ({ email: matrixEmail("team"), name: "", roles: ["viewer"] }),
    revokeTeamInvitationAction: () => ({ invitationId: s.teamInvitationId }),
    changeTeamRolesAction: () => ({ userId: s.teamRolesUserId, roles: ["viewer"] }),
    deactivateTeamMemberAction: () => ({ userId: s.teamDeactivateUserId }),
    reactivateTeamMemberAction: () => ({ userId: s.teamReactivateUserId }),
    // Anyone's (the test's ANYONE list): the caller's own language.
    chooseLocaleAction: () => ({ locale: "fr" }),
    // Public (the test's PUBLIC list): a token that was never issued, so it can only be refused.
    acceptInvitationAction: () => ({
      token: `matrix-not-issued-${randomUUID()}`,
      name: "Matrix stranger",
      password: "matrix-password-0123",
      confirmPassword: "matrix-password-0123",
    }),
  };
}

/**
 * What a refused call must leave as it was: the audit entries of the matrix's users, and what the
 * actions change (the organisation's channels, requests, keys, subscriptions, events, translations,
 * the held delivery requests and their decisions, the program's approval policy, the platform tokens
 * of the matrix's users, and anything named after the matrix: providers, programs, users with their
 * roles and deactivation, invitations, tokens).
 */
export async function snapshot(s: Subjects, userIds: string[]) {
  const of = { providerId: s.providerId };
  // A fixed order: PostgreSQL returns rows in storage order, which an unrelated update changes.
  const orderBy = { id: "asc" } as const;
  const named = { startsWith: MATRIX_NAME };
  const rows = await Promise.all([
    db().auditEntry.count({ where: { actorId: { in: userIds } } }),
    db().channel.findMany({ where: of, orderBy, select: { status: true, requestedContent: true } }),
    db().channelRequest.findMany({ where: { channel: of }, orderBy, select: { state: true } }),
    db().apiKey.findMany({
      where: { providerId: { in: [s.providerId, s.otherProviderId] } },
      orderBy,
      select: { id: true, revokedAt: true, expiresAt: true },
    }),
    db().subscription.findMany({ where: of, orderBy, select: { authSealed: true, disabledAt: true } }),
    // Counted only: the dispatcher works the events meanwhile.
    db().outboxEvent.count({ where: of }),
    db().translation.findMany({ where: { channelId: s.approvedChannelId }, orderBy, select: { text: true } }),
    db().provider.count({ where: { name: named } }),
    db().program.count({ where: { name: named } }),
    db().user.findMany({ where: { email: named }, orderBy, select: { roles: true, deactivatedAt: true } }),
    db().invitation.findMany({
      where: { email: named },
      orderBy,
      select: { acceptedAt: true, revokedAt: true },
    }),
    db().deliveryRequest.findMany({
      where: { id: { in: [s.approveRequestId, s.rejectRequestId] } },
      orderBy,
      select: { approvalState: true, _count: { select: { approvals: true } } },
    }),
    db().program.findUnique({ where: { id: s.policyProgramId }, select: POLICY_COLUMNS }),
    db().platformToken.findMany({
      where: { OR: [{ userId: { in: userIds } }, { name: named }] },
      orderBy,
      select: { revokedAt: true },
    }),
  ]);
  return JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? String(value) : value));
}
