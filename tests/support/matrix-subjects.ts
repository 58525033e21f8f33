/**
 * What the permission matrix acts on, prepared once through the domain: a provider organisation
 * with a pending channel request, an approved channel, an hmac subscription, an event and a key to
 * roll and revoke; a second organisation whose keys may be regenerated. `inputs` gives each action
 * a valid input (or one that can only fail on its subject), fresh for every call.
 */
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { issueApiKey } from "@/lib/domain/api-keys";
import { decideRequest } from "@/lib/domain/approvals";
import { requestChannelCreate } from "@/lib/domain/channels";
import { subscribe } from "@/lib/domain/subscriptions";
import { sendExampleEvent } from "@/lib/domain/webhook-events";
import { createProvider } from "../../lib/domain/api-keys";
import { ADMIN, providerActor } from "./actors";
import { fullChannelBody } from "./channel-bodies";

export const MATRIX_NAME = `matrix-${randomUUID().slice(0, 8)}`;

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
  await decideRequest(ADMIN, approved.requests[0]!.id, { approve: true });
  const pendingId = `matrix-pending-${randomUUID()}`;
  await requestChannelCreate(owner, fullChannelBody(pendingId) as never);
  const pending = await db().channelRequest.findFirstOrThrow({
    where: { channel: { providerId: provider.id, providerDeliveryChannelId: pendingId } },
  });
  await subscribe(owner, {
    eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
    callbackUrl: "https://matrix.example/hook",
    auth: { type: "hmac", secret: "matrix-secret-0123456789" },
  } as never);
  const event = await sendExampleEvent(owner, "DELIVERY_CHANNEL_STATUS_UPDATED");
  const rolled = await issueApiKey(ADMIN, provider.id, "matrix roll");
  const revoked = await issueApiKey(ADMIN, provider.id, "matrix revoke");
  return {
    providerId: provider.id,
    otherProviderId: other.id,
    fullKey,
    readKey,
    approvedChannelId: approved.id,
    approvedId,
    pendingRequestId: pending.id,
    eventId: event.id,
    rollKeyId: rolled.record.id,
    revokeKeyId: revoked.record.id,
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
    // Every platform role holds its own tokens; an unknown one is a message, not a refusal.
    issueTokenAction: () => ({ name: `${MATRIX_NAME} token`, expiresInDays: "7" }),
    revokeTokenAction: () => ({ tokenId: randomUUID() }),
    createProviderUserAction: () => ({
      providerId: s.providerId,
      email: `${MATRIX_NAME}-${randomUUID().slice(0, 6)}@matrix.example`,
      name: "Matrix user",
    }),
    regenerateKeyAction: () => ({ providerId: s.otherProviderId }),
    adminReplayEventAction: () => ({ eventId: s.eventId }),
    adminReplayFailedAction: () => ({ from: today, to: today }),
  };
}

/**
 * What a refused call must leave as it was: the audit entries of the matrix's users, and what the
 * actions change (the organisation's channels, requests, keys, subscriptions, events, translations,
 * and anything named after the matrix).
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
    db().user.count({ where: { email: named } }),
  ]);
  return JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? String(value) : value));
}
