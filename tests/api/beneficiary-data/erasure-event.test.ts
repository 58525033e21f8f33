/**
 * Issue 36, item 6: the provider hears of an erasure. BENEFICIARY_ERASED is an event type of ours,
 * subscribed on the portal's webhooks page (the contract's Subscribe keeps its enumeration and
 * refuses it); an approved erasure sends each provider that was sent the beneficiary's deliveries
 * one callback naming those delivery ids and nothing about the person. A rejected erasure sends none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalSubscribeSchema } from "../../../lib/contract/subscription";
import { WEBHOOK_PAYLOAD_SCHEMAS } from "../../../lib/contract/webhook-payloads";
import { db, disconnectDb } from "../../../lib/db";
import { beneficiaryRef } from "../../../lib/domain/beneficiary-data";
import { issueApiKey } from "../../../lib/domain/keys";
import { type ReceivedCallback, startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { servingChannel } from "../../support/money/money-setup";
import { dataOf, type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";
import { ADMIN } from "../../support/users/actors";

const own = ownServer({ WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_POLL_MS: "100" });
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
afterAll(async () => {
  await receiver?.close();
  await disconnectDb();
});

const GONE = { beneficiaryId: "BEN-EVENT-GONE", phone: "+380671110001" };
const KEPT = { beneficiaryId: "BEN-EVENT-KEPT", phone: "+380671110002" };

let setup: Awaited<ReturnType<typeof servingChannel>>;
let other: Awaited<ReturnType<typeof servingChannel>>;
let users: PlatformUser[];
const call = (user: PlatformUser, path: string, body?: unknown, method?: string) =>
  platform(path, { baseUrl: own.server().baseUrl, token: user.token, body, method });
const subscribeAction = () =>
  serverActions().find(
    (action) => action.name === "app/(provider)/webhooks/subscription-actions.ts#subscribeAction",
  ) as ServerAction;

async function send(target: typeof setup, people: Array<typeof GONE>) {
  const reply = await call(users[0]!, `/programs/${target.programId}/delivery-requests`, {
    channelId: target.channelId,
    description: "Round before an erasure",
    deliveries: people.map(({ beneficiaryId, phone }) => ({ beneficiaryId, amount: 20, options: { phone } })),
  });
  return dataOf(reply).deliveryRequestId as string;
}

async function erasedCallback(): Promise<ReceivedCallback> {
  for (;;) {
    const found = receiver.received.find((callback) => callback.rawBody.includes('"deliveryIds"'));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  receiver = await startWebhookReceiver();
  users = await Promise.all([
    platformUser(["program_manager"]),
    platformUser(["administrator"]),
    platformUser(["administrator"]),
  ]);
  [setup, other] = [await servingChannel(undefined, "EUR", 1e6), await servingChannel(undefined, "EUR", 1e6)];
});

describe("BENEFICIARY_ERASED", () => {
  it("is refused by the contract's Subscribe, and offered by the portal's", async () => {
    const { key } = await issueApiKey(ADMIN, setup.providerId);
    const body = { eventType: "BENEFICIARY_ERASED", callbackUrl: receiver.url, auth: null };
    const api = await fetch(`${own.server().baseUrl}/api/Event/Subscribe`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(api.status).toBe(400);
    expect(JSON.stringify(await api.json())).toMatch(/eventType/);
    expect(portalSubscribeSchema.safeParse(body).success).toBe(true);

    const { cookie } = await signedIn("provider", setup.providerId, own.server().baseUrl);
    const result = await actionResult(own.server().baseUrl, subscribeAction(), cookie, [body]);
    expect(result.ok).toBe(true);
    const rows = await db().subscription.findMany({ where: { providerId: setup.providerId } });
    expect(rows.map((row) => row.eventType)).toEqual(["BENEFICIARY_ERASED"]);
  });

  it("tells each provider sent the beneficiary's deliveries which ones to erase, and nothing of the person", async () => {
    const sent = [await send(setup, [GONE, KEPT]), await send(setup, [GONE])];
    const elsewhere = await send(other, [GONE]);
    const goneDeliveries = await db().delivery.findMany({
      where: { deliveryRequestId: { in: sent }, beneficiaryRef: await beneficiaryRef(GONE.beneficiaryId) },
      orderBy: { id: "asc" },
    });
    const asked = dataOf(
      await call(users[1]!, "/beneficiary-erasures", {
        beneficiaryId: GONE.beneficiaryId,
        reference: "DSR-EV-1",
      }),
    );
    dataOf(
      await call(users[2]!, `/beneficiary-erasures/${asked.erasureRequestId}/approve`, undefined, "POST"),
    );

    const callback = await erasedCallback();
    const payload = WEBHOOK_PAYLOAD_SCHEMAS.BENEFICIARY_ERASED.parse(JSON.parse(callback.rawBody));
    expect(payload.deliveryIds).toEqual(goneDeliveries.map((row) => row.id));
    expect(callback.rawBody).not.toContain(GONE.beneficiaryId);
    expect(callback.rawBody).not.toContain(GONE.phone);

    // The other provider's event is queued for it alone, naming its own delivery.
    const events = await db().outboxEvent.findMany({ where: { eventType: "BENEFICIARY_ERASED" } });
    const byProvider = new Map(events.map((event) => [event.providerId, JSON.parse(event.payload)]));
    expect([...byProvider.keys()].sort()).toEqual([setup.providerId, other.providerId].sort());
    const theirs = await db().delivery.findFirstOrThrow({ where: { deliveryRequestId: elsewhere } });
    expect(byProvider.get(other.providerId).deliveryIds).toEqual([theirs.id]);
  });

  it("is not sent for a rejected erasure", async () => {
    const before = await db().outboxEvent.count({ where: { eventType: "BENEFICIARY_ERASED" } });
    const asked = dataOf(
      await call(users[1]!, "/beneficiary-erasures", {
        beneficiaryId: KEPT.beneficiaryId,
        reference: "DSR-EV-2",
      }),
    );
    dataOf(
      await call(users[2]!, `/beneficiary-erasures/${asked.erasureRequestId}/reject`, undefined, "POST"),
    );
    expect(await db().outboxEvent.count({ where: { eventType: "BENEFICIARY_ERASED" } })).toBe(before);
  });
});
