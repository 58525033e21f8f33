/**
 * Every state-changing operation of the channels, approvals, translations, providers and keys,
 * subscriptions and webhook events writes exactly its audit entry: the actor, the action, the
 * subject, what changed, and the request it came in. Through the API, the X-Request-Id a caller
 * sends is the entry's request id, and the batched Create chains its entries like every other writer.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { auditHash } from "@/lib/db/audit-chain";
import {
  decideChannelRequest,
  requestChannelCreate,
  requestChannelStatus,
  requestChannelUpdate,
} from "@/lib/domain/channels";
import { createApiKey, issueApiKey, regenerateApiKey, revokeApiKey, rollApiKey } from "@/lib/domain/keys";
import type { Actor } from "@/lib/domain/permissions";
import { createProvider } from "@/lib/domain/providers";
import { saveHumanTranslation } from "@/lib/domain/translations";
import {
  reenableSubscription,
  replayEvent,
  replayFailedEvents,
  rotateHmacSecret,
  sendExampleEvent,
  subscribe,
  unsubscribe,
} from "@/lib/domain/webhooks";
import { withRequestId } from "@/lib/request-context";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor, reviewerActor } from "../../support/users/actors";

openTestDb();
const baseUrl = inject("baseUrl");
const EVENT = "DELIVERY_CHANNEL_STATUS_UPDATED";

let providerId: string;
let owner: Actor;
const body = (id: string) => fullChannelBody(id) as never;

/** Runs `operation` under a fresh request id; answers the audit entries written in it. */
async function entriesOf(operation: () => Promise<unknown>) {
  const requestId = `audit-${randomUUID()}`;
  await withRequestId(requestId, operation);
  return db().auditEntry.findMany({ where: { requestId }, orderBy: { seq: "asc" } });
}

const parsed = (json: string | null) => (json === null ? null : JSON.parse(json));

beforeAll(async () => {
  providerId = (await createProvider(ADMIN, `Audit ${randomUUID()}`)).id;
  owner = providerActor(providerId);
});

describe("each operation writes exactly its entry", () => {
  it("channels: create, update, status switch, decision", async () => {
    const id = `audit-${randomUUID()}`;
    const [created] = await entriesOf(() => requestChannelCreate(owner, body(id)));
    const channel = await db().channel.findFirstOrThrow({
      where: { providerId, providerDeliveryChannelId: id },
    });
    expect(created).toMatchObject({ action: "channel.created", actorType: "user", actorId: owner.id });
    expect(created).toMatchObject({ subjectType: "Channel", subjectId: channel.id, before: null });
    expect(parsed(created!.after)).toMatchObject({ providerDeliveryChannelId: id, status: "REQUESTED" });

    const request = await db().channelRequest.findFirstOrThrow({ where: { channelId: channel.id } });
    const decided = await entriesOf(() =>
      decideChannelRequest(reviewerActor("audit-reviewer"), request.id, { approve: true }),
    );
    expect(decided).toHaveLength(1);
    expect(decided[0]).toMatchObject({
      action: "request.approved",
      actorId: "audit-reviewer",
      subjectId: request.id,
    });
    expect(parsed(decided[0]!.before)).toEqual({ state: "PENDING" });
    expect(parsed(decided[0]!.after)).toEqual({ state: "APPROVED" });

    const updated = await entriesOf(() => requestChannelUpdate(owner, body(id)));
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ action: "channel.updated", subjectId: channel.id });
    expect(parsed(updated[0]!.before)).toMatchObject({ status: "ONLINE" });

    const switched = await entriesOf(() => requestChannelStatus(owner, id, "OFFLINE"));
    expect(switched).toHaveLength(1);
    expect(parsed(switched[0]!.before)).toMatchObject({ status: "ONLINE" });
    expect(parsed(switched[0]!.after)).toMatchObject({ status: "OFFLINE" });
    expect(parsed(switched[0]!.detail)).toEqual({ requestKind: "UPDATE_STATUS" });

    const translated = await entriesOf(() =>
      saveHumanTranslation(reviewerActor("audit-reviewer"), {
        channelId: channel.id,
        field: "name",
        language: "FR",
        text: "Canal",
      }),
    );
    expect(translated).toHaveLength(1);
    expect(translated[0]).toMatchObject({ action: "translation.edited", subjectId: channel.id });
    expect(parsed(translated[0]!.after)).toEqual({ text: "Canal", source: "human" });
  });

  it("providers and keys: never the key itself", async () => {
    const [provider] = await entriesOf(() => createProvider(ADMIN, "Audited provider"));
    expect(provider).toMatchObject({
      action: "provider.created",
      actorId: ADMIN.id,
      subjectType: "Provider",
    });

    let plain = "";
    const issued = await entriesOf(async () => {
      plain = (await issueApiKey(ADMIN, providerId, "audited")).key;
    });
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ action: "api_key.created", subjectType: "ApiKey" });
    expect(parsed(issued[0]!.after)).toMatchObject({ name: "audited", scope: "full" });

    const created = await entriesOf(() =>
      createApiKey(owner, { name: "own", scope: "read", expiresAt: null }),
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ action: "api_key.created", actorId: owner.id });

    const rolled = await entriesOf(() =>
      rollApiKey(owner, issued[0]!.subjectId, new Date(Date.now() + 86_400_000)),
    );
    expect(rolled.map((entry) => entry.action)).toEqual(["api_key.rolled", "api_key.created"]);
    expect(parsed(rolled[0]!.before)).toEqual({ expiresAt: null });

    const revoked = await entriesOf(() => revokeApiKey(owner, created[0]!.subjectId));
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ action: "api_key.revoked", subjectId: created[0]!.subjectId });

    const regenerated = await entriesOf(() => regenerateApiKey(ADMIN, provider!.subjectId));
    expect(regenerated).toHaveLength(1);
    expect(regenerated[0]).toMatchObject({ action: "api_key.regenerated" });

    const everything = [issued, created, rolled, revoked, regenerated].flat();
    for (const entry of everything) expect(JSON.stringify(entry)).not.toContain(plain.slice(4, 20));
  });

  it("subscriptions and events: never a secret", async () => {
    const secret = `audit-secret-${randomUUID()}`;
    const subscribed = await entriesOf(() =>
      subscribe(owner, {
        eventType: EVENT,
        callbackUrl: "https://audit.example/a",
        auth: { type: "hmac", secret },
      } as never),
    );
    expect(subscribed).toHaveLength(1);
    expect(subscribed[0]).toMatchObject({ action: "subscription.subscribed", before: null });
    expect(parsed(subscribed[0]!.after)).toEqual({
      callbackUrl: "https://audit.example/a",
      authType: "hmac",
    });

    const rotated = await entriesOf(() => rotateHmacSecret(owner, { eventType: EVENT, graceHours: 1 }));
    expect(rotated).toHaveLength(1);
    expect(rotated[0]).toMatchObject({ action: "subscription.secret_rotated" });

    await db().subscription.updateMany({
      where: { providerId },
      data: { disabledAt: new Date(), disabledReason: "410" },
    });
    const reenabled = await entriesOf(() => reenableSubscription(owner, EVENT));
    expect(reenabled).toHaveLength(1);
    expect(parsed(reenabled[0]!.after)).toEqual({ disabledAt: null, disabledReason: null });

    const example = await entriesOf(() => sendExampleEvent(owner, EVENT));
    expect(example).toHaveLength(1);
    expect(example[0]).toMatchObject({ action: "webhook_event.example_sent", subjectType: "OutboxEvent" });

    await db().outboxEvent.updateMany({ where: { id: example[0]!.subjectId }, data: { state: "FAILED" } });
    const replayed = await entriesOf(() => replayEvent(owner, example[0]!.subjectId));
    expect(replayed).toHaveLength(1);
    expect(parsed(replayed[0]!.before)).toEqual({ state: "FAILED" });

    await db().outboxEvent.updateMany({ where: { id: example[0]!.subjectId }, data: { state: "FAILED" } });
    const day = new Date(Date.now() - 86_400_000);
    const failed = await entriesOf(() => replayFailedEvents(owner, day, new Date(Date.now() + 60_000)));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ action: "webhook_event.failed_replayed", subjectId: providerId });

    const unsubscribed = await entriesOf(() => unsubscribe(owner, EVENT));
    expect(unsubscribed).toHaveLength(1);
    expect(unsubscribed[0]).toMatchObject({ action: "subscription.unsubscribed", after: null });

    const all = [subscribed, rotated, reenabled, example, replayed, failed, unsubscribed].flat();
    for (const entry of all) expect(JSON.stringify(entry)).not.toContain(secret);
  });
});

describe("through the API", () => {
  it("a batch of creates carries the key, the X-Request-Id, and a chain that verifies", async () => {
    const { key, record } = await issueApiKey(ADMIN, providerId, "audit api");
    const requestIds = Array.from({ length: 12 }, () => `api-${randomUUID()}`);
    const answers = await Promise.all(
      requestIds.map((requestId) =>
        fetch(`${baseUrl}/api/DeliveryChannel/Create`, {
          method: "POST",
          headers: { "x-api-key": key, "content-type": "application/json", "x-request-id": requestId },
          body: JSON.stringify(fullChannelBody(`api-${randomUUID()}`)),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(requestIds.map(() => 200));
    expect(answers.map((answer) => answer.headers.get("x-request-id"))).toEqual(requestIds);
    const entries = await db().auditEntry.findMany({ where: { requestId: { in: requestIds } } });
    expect(entries).toHaveLength(requestIds.length);
    for (const entry of entries) {
      expect(entry).toMatchObject({ action: "channel.created", actorType: "apiKey", actorId: record.id });
      const previous = await db().auditEntry.findUniqueOrThrow({ where: { seq: entry.seq - 1 } });
      expect(entry.prevHash).toBe(previous.hash);
      expect(entry.hash).toBe(auditHash(entry.prevHash, entry));
    }
  });

  it("a request without X-Request-Id gets one, named in the answer", async () => {
    const { key } = await issueApiKey(ADMIN, providerId, "audit api 2");
    const answer = await fetch(`${baseUrl}/api/DeliveryChannel/Create`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify(fullChannelBody(`api-${randomUUID()}`)),
    });
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db().auditEntry.count({ where: { requestId } })).toBe(1);
  });
});
