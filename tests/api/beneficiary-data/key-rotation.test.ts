/**
 * Issue 36: the service key rotates without downtime. Instances started with the new key and the old
 * one as previous read what the old one wrapped while the old instance still serves; `npm run
 * keys:rotate` wraps every key again under the new one and seals values stored before sealing
 * existed; then an instance holding only the new key reads every value. Over real HTTP, three servers
 * on one database; the test process holds none of the keys.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "../../../lib/db";
import { servingChannel } from "../../support/money/money-setup";
import { dataOf, type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";
import { runScript } from "../../support/server/run-script";
import { type RunningServer, startServer } from "../../support/server/test-server";

const OLD = randomBytes(32).toString("base64");
const NEW = randomBytes(32).toString("base64");
const own = ownServer({ SECRET_ENCRYPTION_KEY: OLD });
const started: RunningServer[] = [];
afterAll(async () => {
  for (const server of started) await server.stop();
  await disconnectDb();
});

const LEGACY_PHONE = "+380661234500";
let manager: PlatformUser;
let setup: Awaited<ReturnType<typeof servingChannel>>;
const requests: string[] = [];

const send = (baseUrl: string, beneficiaryId: string, phone: string) =>
  platform(`/programs/${setup.programId}/delivery-requests`, {
    baseUrl,
    token: manager.token,
    body: {
      channelId: setup.channelId,
      description: `Send to ${beneficiaryId}`,
      deliveries: [{ beneficiaryId, amount: 3, options: { phone } }],
    },
  });

/** Every phone the server shows in clear across the test's requests, by beneficiary. */
async function phonesThrough(baseUrl: string) {
  const phones: Record<string, string> = {};
  for (const id of requests) {
    const page = dataOf(
      await platform(`/delivery-requests/${id}?purpose=audit_check`, { baseUrl, token: manager.token }),
    );
    expect(page.valuesShown).toBe("clear");
    for (const row of page.deliveries) phones[row.beneficiaryId] = row.values[0].value;
  }
  return phones;
}

/** A webhook secret sealed the way lib/crypto.ts did before key ids (`v1.`), under `key`. */
function sealedV1(key: string, text: string) {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(key, "base64"), nonce);
  const ciphertext = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return ["v1", nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Opens a `v2.<key id>.…` value with `key`. */
function openV2(key: string, sealed: string) {
  const [, , nonce, tag, ciphertext] = sealed.split(".");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    Buffer.from(key, "base64"),
    Buffer.from(nonce!, "base64url"),
  );
  decipher.setAuthTag(Buffer.from(tag!, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext!, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

const AUTH = JSON.stringify({ type: "hmac", secret: "whsec_rotation-test-secret-0123456789" });
let subscriptionId: string;
let goneDeliveryId: string;
let legacyEventId: string;

/**
 * Another instance on the file's database. startServer takes the first server that answers its port
 * as its own; under CI's load another file's server once answered a port this one could not take
 * (the calls then met another database). /metrics with a token only this instance holds tells.
 */
async function instance(env: Record<string, string>): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const token = randomBytes(16).toString("hex");
    const server = await startServer(own.databaseUrl(), "production", { ...env, METRICS_TOKEN: token });
    started.push(server);
    const metrics = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (metrics.status === 200) return server;
    if (attempt === 3) throw new Error(`no instance of ours answered on ${server.baseUrl}`);
  }
}

const wrappingIds = async () => {
  const keys = [
    ...(await db().beneficiaryKey.findMany({ where: { wrappedKey: { not: null } } })).map(
      (key) => key.wrappedKey!,
    ),
    ...(await db().protectionKey.findMany()).map((key) => key.wrappedKey),
  ];
  return new Set(keys.map((wrapped) => wrapped.split(".")[1]));
};

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  manager = await platformUser(["administrator", "program_manager"]);
  setup = await servingChannel(undefined, "EUR", 1e6);
  for (const [beneficiaryId, phone] of [
    ["BEN-R-1", "+380501112201"],
    ["BEN-R-2", "+380501112202"],
  ])
    requests.push(dataOf(await send(own.server().baseUrl, beneficiaryId!, phone!)).deliveryRequestId);
  // A delivery stored before sealing existed: its options and beneficiary id in clear, no ref, as
  // issue 36 found them.
  const legacy = dataOf(await send(own.server().baseUrl, "BEN-R-LEGACY", "+380000000000")).deliveryRequestId;
  requests.push(legacy);
  await db().delivery.updateMany({
    where: { deliveryRequestId: legacy },
    data: {
      options: JSON.stringify([{ key: "phone", value: LEGACY_PHONE }]),
      beneficiaryId: "BEN-R-LEGACY",
      beneficiaryRef: null,
    },
  });
  // Reasons typed before they were sealed: a refund's, and a request's rejection.
  await db().delivery.updateMany({
    where: { deliveryRequestId: requests[0] },
    data: { refundReason: "Ivanenko was paid twice" },
  });
  await db().deliveryRequest.update({
    where: { id: requests[1] },
    data: { rejectionReason: "Ivanenko is listed twice" },
  });
  // And one about a beneficiary erased since: sealed under a key nobody holds, it reads as erased.
  const goneRequest = dataOf(
    await send(own.server().baseUrl, "BEN-R-GONE", "+380000000001"),
  ).deliveryRequestId;
  const goneRow = await db().delivery.findFirstOrThrow({ where: { deliveryRequestId: goneRequest } });
  goneDeliveryId = goneRow.id;
  await db().beneficiaryKey.update({
    where: { id: goneRow.beneficiaryId.split(".")[1] },
    data: { wrappedKey: null, liveRef: null, erasedAt: new Date() },
  });
  await db().delivery.update({
    where: { id: goneDeliveryId },
    data: { beneficiaryId: "erased-gone00000000", beneficiaryRef: null, refundReason: "Gone was paid twice" },
  });
  // A DELIVERY_REQUEST_SENT queued before events named their request: its payload whole, in clear.
  const first = await db().delivery.findFirstOrThrow({ where: { deliveryRequestId: requests[0] } });
  const legacyBody = JSON.stringify({
    deliveryRequestId: requests[0],
    providerDeliveryChannelId: "legacy-channel",
    description: "Queued before sealing",
    delivery: [
      {
        deliveryId: first.id,
        beneficiaryId: "BEN-R-1",
        amount: 10,
        currency: "EUR",
        deliveryOptions: [{ key: "phone", value: "+380501112201" }],
      },
    ],
  });
  ({ id: legacyEventId } = await db().outboxEvent.create({
    data: {
      providerId: setup.providerId,
      eventType: "DELIVERY_REQUEST_SENT",
      payload: legacyBody,
      payloadPreview: legacyBody,
      state: "DELIVERED",
    },
  }));
  // A webhook secret sealed under the old key before sealed values named their key.
  ({ id: subscriptionId } = await db().subscription.create({
    data: {
      providerId: setup.providerId,
      eventType: "DELIVERY_REQUEST_SENT",
      callbackUrl: "https://rotation.example/hook",
      authType: "hmac",
      authSealed: sealedV1(OLD, AUTH),
    },
  }));
}, 120_000);

describe("rotating the service key", () => {
  const expected = { "BEN-R-1": "+380501112201", "BEN-R-2": "+380501112202", "BEN-R-LEGACY": LEGACY_PHONE };
  let oldId: string;

  it("an instance started with the new key and the old as previous reads and writes while the old one serves", async () => {
    const ids = await wrappingIds();
    expect(ids.size).toBe(1);
    oldId = [...ids][0]!;
    const rotated = await instance({ SECRET_ENCRYPTION_KEY: NEW, SECRET_ENCRYPTION_KEY_PREVIOUS: OLD });
    expect(await phonesThrough(rotated.baseUrl)).toEqual(expected);
    expect(await phonesThrough(own.server().baseUrl)).toEqual(expected);
    requests.push(dataOf(await send(rotated.baseUrl, "BEN-R-3", "+380501112203")).deliveryRequestId);
    expect((await wrappingIds()).size).toBe(2);
  }, 120_000);

  it("keys:rotate wraps every key under the new one and seals the values stored in clear", async () => {
    const env = { SECRET_ENCRYPTION_KEY: NEW, SECRET_ENCRYPTION_KEY_PREVIOUS: OLD };
    const run = await runScript("keys-rotate.ts", [], own.databaseUrl(), env);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    // The lookup key and the three beneficiaries' keys wrapped under the old key; one delivery's
    // options and its beneficiary id in clear, a refund's reason and a request's rejection.
    expect(run.lines.at(-2)).toBe(
      "Done: 4 keys re-wrapped under the current key, 1 secrets sealed again, 5 values stored in clear sealed (deliveries' options and beneficiary ids, refund and rejection reasons).",
    );
    const ids = await wrappingIds();
    expect(ids.size).toBe(1);
    expect(ids.has(oldId)).toBe(false);
    const rows = await db().delivery.findMany();
    const live = rows.filter((row) => row.id !== goneDeliveryId);
    expect(live.every((row) => row.options.startsWith("b1.") && row.beneficiaryId.startsWith("b1."))).toBe(
      true,
    );
    expect(live.every((row) => row.beneficiaryRef !== null)).toBe(true);
    const stored = JSON.stringify(rows.map((row) => [row.beneficiaryId, row.options]));
    expect(stored).not.toContain(LEGACY_PHONE);
    expect(stored).not.toContain("BEN-R-LEGACY");
    // The refund's reason under its beneficiary's key, the rejection under its request's.
    const refunded = rows.find((row) => row.deliveryRequestId === requests[0])!;
    expect(refunded.refundReason!.split(".").slice(0, 2)).toEqual([
      "b1",
      refunded.beneficiaryId.split(".")[1],
    ]);
    const { rejectionReason } = await db().deliveryRequest.findUniqueOrThrow({ where: { id: requests[1] } });
    const requestKey = await db().beneficiaryKey.findUniqueOrThrow({
      where: { id: rejectionReason!.split(".")[1]! },
    });
    expect(requestKey.ref).toBe(`request.${requests[1]}`);
    // The older event names its request now; neither its row nor its preview holds the person.
    expect(run.lines.at(-3)).toBe("1 older webhook events no longer hold their deliveries in clear.");
    const legacyEvent = await db().outboxEvent.findUniqueOrThrow({ where: { id: legacyEventId } });
    expect(legacyEvent.payload.endsWith('"delivery":[]}')).toBe(true);
    expect(legacyEvent.deliveriesOf).toBe(requests[0]);
    expect(JSON.stringify(legacyEvent)).not.toMatch(/BEN-R-1|\+380501112201/);
    expect(legacyEvent.payloadPreview).toContain("+380•••••2201");
    const gone = rows.find((row) => row.id === goneDeliveryId)!;
    expect(gone.refundReason).toMatch(/^b1\./);
    expect(await db().beneficiaryKey.count({ where: { id: gone.refundReason!.split(".")[1] } })).toBe(0);
    const requestRows = await db().deliveryRequest.findMany();
    expect(
      JSON.stringify([rows, requestRows], (_key, value) => (typeof value === "bigint" ? 0 : value)),
    ).not.toContain("Ivanenko");
    const { authSealed } = await db().subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    expect(authSealed!.split(".").slice(0, 2)).toEqual(["v2", [...ids][0]]);
    expect(openV2(NEW, authSealed!)).toBe(AUTH);

    const again = await runScript("keys-rotate.ts", [], own.databaseUrl(), env);
    expect(again.lines.at(-3)).toBe("0 older webhook events no longer hold their deliveries in clear.");
    expect(again.lines.at(-2)).toBe(
      "Done: 0 keys re-wrapped under the current key, 0 secrets sealed again, 0 values stored in clear sealed (deliveries' options and beneficiary ids, refund and rejection reasons).",
    );
  }, 120_000);

  it("afterwards an instance holding only the new key reads every value", async () => {
    const newOnly = await instance({ SECRET_ENCRYPTION_KEY: NEW });
    expect(await phonesThrough(newOnly.baseUrl)).toEqual({ ...expected, "BEN-R-3": "+380501112203" });
    // The older event's deliveries fill from the request's sealed rows, in clear for a purpose.
    const event = dataOf(
      await platform(`/webhook-events/${legacyEventId}?purpose=payment_query`, {
        baseUrl: newOnly.baseUrl,
        token: manager.token,
      }),
    );
    expect(JSON.parse(event.payload).delivery).toMatchObject([
      { beneficiaryId: "BEN-R-1", deliveryOptions: [{ key: "phone", value: "+380501112201" }] },
    ]);
  }, 120_000);
});
