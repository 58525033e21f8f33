/**
 * A world with one of everything a page can show, for the tests that visit every page (e2e/arabic):
 * a platform user with every platform role and a token, a provider with an owner, an approved
 * channel (its deliveries carry a phone) in a program with one delivery request sent, and a second
 * channel's request waiting.
 * Users and the token are made with lib/domain (as the console makes them), the rest over the
 * platform and provider APIs of the running server. Prints the world as JSON.
 *
 *   DATABASE_URL=file:./data/e2e/e2e.db node --import tsx e2e/support/world.ts http://127.0.0.1:3210
 */
import { randomUUID } from "node:crypto";
import { PLATFORM_ROLES } from "../../lib/contract/roles";
import { db } from "../../lib/db";
import { issuePlatformToken } from "../../lib/domain/keys";
import { saveHumanTranslation } from "../../lib/domain/translations";
import { createUser } from "../../lib/domain/users";
import { PHONE_DELIVERY_OPTION } from "./delivery-options";

const base = process.argv[2];
const V1 = `${base}/api/platform/v1`;

async function call(
  url: string,
  init: { token?: string; key?: string; body?: unknown; method?: string } = {},
) {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.key ? { "x-api-key": init.key } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function user(roles: (typeof PLATFORM_ROLES)[number][] | ["owner"], providerId: string | null = null) {
  const email = `world-${randomUUID().slice(0, 8)}@e2e.example`;
  const password = `pw-${randomUUID()}`;
  const created = await createUser({ email, name: "World", password, roles: [...roles], providerId });
  return { id: created.id, email, password, roles };
}

async function requestChannel(
  key: string,
  token: string,
  providerId: string,
  name: string,
  extra: Record<string, unknown> = {},
) {
  const providerDeliveryChannelId = `world-${randomUUID()}`;
  await call(`${base}/api/DeliveryChannel/Create`, {
    key,
    body: {
      providerDeliveryChannelId,
      name: { language: "EN", translation: name },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"] },
      ...extra,
    },
  });
  const { requests } = await call(`${V1}/channel-requests?state=PENDING&provider=${providerId}&kind=CREATE`, {
    token,
  });
  const request = requests.find(
    (row: { channel: { providerDeliveryChannelId: string } }) =>
      row.channel.providerDeliveryChannelId === providerDeliveryChannelId,
  );
  return {
    providerDeliveryChannelId,
    requestId: request.id as string,
    channelId: request.channel.id as string,
  };
}

const admin = await user([...PLATFORM_ROLES]);
const actor = {
  kind: "user" as const,
  id: admin.id,
  personId: admin.id,
  holds: [...PLATFORM_ROLES],
  providerId: null,
};
const { token } = await issuePlatformToken(actor, { name: "world", expiresInDays: 1 });
const provider = await call(`${V1}/providers`, {
  token,
  body: { name: `World ${randomUUID().slice(0, 8)}` },
});
const owner = await user(["owner"], provider.id);
// A second finance approver: a statement break's adjustment is approved by someone other than its proposer.
const financeSecond = await user(["finance_approver"]);
// Its deliveries carry a phone: the request's page shows it masked (issue 36).
const approved = await requestChannel(provider.key, token, provider.id, "Cash at the market", {
  deliveryOptions: [PHONE_DELIVERY_OPTION],
});
await call(`${V1}/channel-requests/${approved.requestId}/approve`, { token, method: "POST" });
// Its name in Arabic, as an administrator writes it on the console's channel page.
await saveHumanTranslation(actor, {
  channelId: approved.channelId,
  field: "name",
  language: "AR",
  text: "النقد في السوق",
});
// The waiting request is hostile, as a provider may send it: one word longer than a phone is wide,
// and an unclosed right-to-left override in a contact's name (each page must keep both in place).
const pending = await requestChannel(provider.key, token, provider.id, `Mobile wallet ${"w".repeat(300)}`, {
  contacts: [{ name: "\u202eOps desk", email: "ops@example.org", phone: "+359 2 000 000" }],
  callCenter: { phone: "+44 20 7946 0000", website: "https://example.org/cash/" },
});
const program = await call(`${V1}/programs`, {
  token,
  body: { name: "Winter assistance", description: "", unit: "EUR", virtualBudget: 10000 },
});
await call(`${V1}/programs/${program.id}/channels`, { token, body: { channelId: approved.channelId } });
const sent = await call(`${V1}/programs/${program.id}/delivery-requests`, {
  token,
  body: {
    channelId: approved.channelId,
    description: "First round",
    deliveries: [{ beneficiaryId: "beneficiary-1", amount: 25.5, options: { phone: "+380501234567" } }],
  },
});
const deliveryRequestId: string = sent.deliveryRequestId ?? sent.id;
// The deliveries' ids, as the provider's statement names them (e2e/statement-upload.spec.ts).
const deliveries = await db().delivery.findMany({ where: { deliveryRequestId }, select: { id: true } });
console.log(
  JSON.stringify({
    admin,
    owner,
    financeSecond,
    providerId: provider.id,
    approved,
    pending,
    programId: program.id,
    deliveryRequestId,
    deliveryIds: deliveries.map(({ id }) => id),
  }),
);
