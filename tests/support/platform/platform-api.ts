/**
 * The platform API over real HTTP (tests/api/platform/): platform users made with
 * lib/domain/users, their tokens issued by lib/domain/platform-tokens (as the console's page issues
 * them), and calls with `Authorization: Bearer`.
 */
import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import type { UserRole } from "../../../lib/contract/roles";
import { issuePlatformToken } from "../../../lib/domain/keys";
import { createUser } from "../../../lib/domain/users";
import { minimalChannelBody } from "../channels/channel-bodies";

export const V1 = "/api/platform/v1";

export interface PlatformUser {
  id: string;
  email: string;
  token: string;
  tokenId: string;
}

export async function platformUser(
  roles: UserRole[],
  providerId: string | null = null,
): Promise<PlatformUser> {
  const email = `${roles.join("-").replaceAll("_", "-")}-${randomUUID().slice(0, 8)}@platform.example`;
  const user = await createUser({
    email,
    name: roles.join(" "),
    password: `pw-${randomUUID()}`,
    roles,
    providerId,
  });
  const actor = { kind: "user" as const, id: user.id, personId: user.id, holds: roles, providerId: null };
  const { token, record } = await issuePlatformToken(actor, { name: "tests", expiresInDays: 30 });
  return { id: user.id, email: user.email, token, tokenId: record.id };
}

export interface Reply {
  status: number;
  response: Response;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is checked by each test
  json: any;
}

export interface CallOptions {
  /** A server of the test file's own (ownServer); the project's shared server otherwise. */
  baseUrl?: string;
  token?: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A platform API call: a body is sent as JSON (a string as it is); GET without one. */
export async function platform(
  path: string,
  { baseUrl = inject("baseUrl"), token, method, body, headers = {} }: CallOptions = {},
): Promise<Reply> {
  const response = await fetch(`${baseUrl}${path.startsWith("/api/") ? path : V1 + path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, response, json: JSON.parse(text) };
}

/** The success envelope's data, after checking the envelope. */
export function dataOf(reply: Reply, status = 200) {
  expect(reply.json.error, JSON.stringify(reply.json.error)).toBeNull();
  expect(reply.status).toBe(status);
  expect(reply.json.status).toBe("success");
  return reply.json.data;
}

/** Every row of a paged list (`items`), following its `next` cursors: the pages' rows in order. */
// biome-ignore lint/suspicious/noExplicitAny: the rows are checked by each test
export async function everyPage(path: string, token: string): Promise<any[]> {
  const rows = [];
  let next: string | null = null;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const page = dataOf(await platform(next ? `${path}${separator}after=${next}` : path, { token }));
    rows.push(...page.items);
    next = page.next;
  } while (next);
  return rows;
}

/** A provider's channel create through the provider API; answers its pending request's id. */
export async function requestedChannel(providerKey: string, reviewer: PlatformUser, providerId: string) {
  const id = `platform-${randomUUID()}`;
  const created = await fetch(`${inject("baseUrl")}/api/DeliveryChannel/Create`, {
    method: "POST",
    headers: { "x-api-key": providerKey, "content-type": "application/json" },
    body: JSON.stringify(minimalChannelBody(id)),
  });
  expect(created.status).toBe(200);
  const list = dataOf(
    await platform(`/channel-requests?state=PENDING&provider=${providerId}&kind=CREATE`, {
      token: reviewer.token,
    }),
  );
  const request = list.requests.find(
    (candidate: { channel: { providerDeliveryChannelId: string } }) =>
      candidate.channel.providerDeliveryChannelId === id,
  );
  expect(request).toBeDefined();
  return {
    providerDeliveryChannelId: id,
    requestId: request.id as string,
    channelId: request.channel.id as string,
    request,
  };
}

/** Platform users of each role, a provider (with its key) and one channel of it, approved. */
export async function platformWorld() {
  const [admin, reviewer, manager, auditor] = await Promise.all([
    platformUser(["administrator"]),
    platformUser(["reviewer"]),
    platformUser(["program_manager"]),
    platformUser(["auditor"]),
  ]);
  const created = dataOf(
    await platform("/providers", { token: admin.token, body: { name: `Platform ${randomUUID()}` } }),
  );
  const provider = { id: created.id as string, key: created.key as string };
  const approved = await requestedChannel(provider.key, reviewer, provider.id);
  dataOf(
    await platform(`/channel-requests/${approved.requestId}/approve`, {
      token: reviewer.token,
      method: "POST",
    }),
  );
  return { admin, reviewer, manager, auditor, provider, approved };
}

/** The 403 message of a role without the permission. */
export const forbidden = (what: string) => `Your role does not allow you to ${what}.`;
