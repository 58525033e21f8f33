/**
 * The platform API's operations over real HTTP, each with the role that may call it and one that
 * may not: channel requests (with their diffs) and decisions, channels, providers and their keys,
 * programs, delivery requests and refunds, eligibility, the webhook log and the audit trail.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { expectFailure } from "../support/envelope";
import {
  dataOf,
  everyPage,
  type PlatformUser,
  platform,
  platformUser,
  requestedChannel,
} from "../support/platform-api";
import { openTestDb } from "../support/test-db";

openTestDb();
let admin: PlatformUser;
let reviewer: PlatformUser;
let manager: PlatformUser;
let auditor: PlatformUser;
let provider: { id: string; key: string };
let approved: Awaited<ReturnType<typeof requestedChannel>>;

const forbidden = (what: string) => `Your role does not allow you to ${what}.`;

beforeAll(async () => {
  [admin, reviewer, manager, auditor] = await Promise.all([
    platformUser(["administrator"]),
    platformUser(["reviewer"]),
    platformUser(["program_manager"]),
    platformUser(["auditor"]),
  ]);
  const created = dataOf(
    await platform("/providers", { token: admin.token, body: { name: `Platform ${randomUUID()}` } }),
  );
  provider = { id: created.id, key: created.key };
  approved = await requestedChannel(provider.key, reviewer, provider.id);
  dataOf(
    await platform(`/channel-requests/${approved.requestId}/approve`, {
      token: reviewer.token,
      method: "POST",
    }),
  );
});

const viewWith = (key: string) =>
  fetch(`${inject("baseUrl")}/api/DeliveryChannel/Get/${approved.providerDeliveryChannelId}`, {
    headers: { "x-api-key": key },
  });

describe("providers", () => {
  it("creates a provider whose key works on the provider API, lists and shows it", async () => {
    expect((await viewWith(provider.key)).status).toBe(200);
    const list = await everyPage("/providers", auditor.token);
    expect(list.map((row: { id: string }) => row.id)).toContain(provider.id);
    const shown = dataOf(await platform(`/providers/${provider.id}`, { token: auditor.token }));
    expect(shown.channels.map((channel: { id: string }) => channel.id)).toContain(approved.channelId);
    expect(JSON.stringify(shown)).not.toContain(provider.key);
  });

  it("regenerates the key: the new one works, the old one stops", async () => {
    const issued = dataOf(
      await platform(`/providers/${provider.id}/keys`, { token: admin.token, method: "POST" }),
    );
    expect(issued.key).toMatch(/^dcp_/);
    expect((await viewWith(issued.key)).status).toBe(200);
    expect((await viewWith(provider.key)).status).toBe(401);
    provider.key = issued.key;
  });

  it("is an administrator's: a reviewer may not create one, an unknown provider is a 404", async () => {
    expectFailure(
      await platform("/providers", { token: reviewer.token, body: { name: "No" } }),
      403,
      "Forbidden",
      "Forbidden",
      forbidden("manage providers and their API keys"),
    );
    expectFailure(
      await platform("/providers/nope/keys", { token: admin.token, method: "POST" }),
      404,
      "NotFound",
      "Not Found",
      "No such provider.",
    );
  });
});

describe("channel requests", () => {
  it("lists them by state, provider and kind, each with its diff, and shows one", async () => {
    const fresh = await requestedChannel(provider.key, reviewer, provider.id);
    // A create against no approved content: the whole content is added.
    expect(fresh.request.changes).toEqual([
      { path: "", kind: "added", after: expect.objectContaining({ name: expect.any(Object) }) },
    ]);
    const decided = dataOf(
      await platform(`/channel-requests?state=APPROVED&provider=${provider.id}`, { token: auditor.token }),
    );
    expect(decided.requests.map((request: { id: string }) => request.id)).toEqual([approved.requestId]);
    const one = dataOf(await platform(`/channel-requests/${fresh.requestId}`, { token: auditor.token }));
    expect(one).toMatchObject({ id: fresh.requestId, state: "PENDING", approved: null });
    expect(one.changes.length).toBeGreaterThan(0);
  });

  it("lets a reviewer reject with a reason, not twice; an auditor may not decide", async () => {
    const fresh = await requestedChannel(provider.key, reviewer, provider.id);
    const path = `/channel-requests/${fresh.requestId}/reject`;
    expectFailure(
      await platform(path, { token: auditor.token, body: { reason: "no" } }),
      403,
      "Forbidden",
      "Forbidden",
      forbidden("decide channel requests"),
    );
    expectFailure(
      await platform(path, { token: reviewer.token, body: {} }),
      400,
      "ValidationError",
      "Invalid Request Body",
      /reason/,
    );
    const rejected = dataOf(
      await platform(path, { token: reviewer.token, body: { reason: "The phone does not answer." } }),
    );
    expect(rejected).toEqual({ requestId: fresh.requestId, state: "REJECTED" });
    expectFailure(
      await platform(`/channel-requests/${fresh.requestId}/approve`, {
        token: reviewer.token,
        method: "POST",
      }),
      409,
      "Conflict",
      "Conflict",
      "This request was already rejected.",
    );
  });

  it("refuses to let a reviewer decide their own organisation's request", async () => {
    const insider = await platformUser(["reviewer", "owner"], provider.id);
    const fresh = await requestedChannel(provider.key, reviewer, provider.id);
    expectFailure(
      await platform(`/channel-requests/${fresh.requestId}/approve`, {
        token: insider.token,
        method: "POST",
      }),
      403,
      "Forbidden",
      "Forbidden",
      /another reviewer must decide/,
    );
  });
});

describe("channels", () => {
  it("lists them with filters and shows one with its content", async () => {
    const list = dataOf(
      await platform(`/channels?provider=${provider.id}&approved=yes&category=CASH`, {
        token: auditor.token,
      }),
    );
    expect(list.items.map((row: { id: string }) => row.id)).toContain(approved.channelId);
    const one = dataOf(await platform(`/channels/${approved.channelId}`, { token: auditor.token }));
    expect(one).toMatchObject({
      id: approved.channelId,
      isApproved: true,
      content: { name: expect.any(Object) },
    });
    expect(one.approvedContent).toBeUndefined();
  });
});

describe("programs, delivery requests and refunds", () => {
  let programId: string;
  const send = (key: string) =>
    platform(`/programs/${programId}/delivery-requests`, {
      token: manager.token,
      headers: { "idempotency-key": key },
      body: {
        channelId: approved.channelId,
        description: "November",
        deliveries: [
          { beneficiaryId: "BEN-1", amount: 10.5, options: {} },
          { beneficiaryId: "BEN-2", amount: 4 },
        ],
      },
    });

  beforeAll(async () => {
    const program = { name: "Winter", description: "Heating", unit: "EUR", virtualBudget: 1000 };
    expectFailure(
      await platform("/programs", { token: reviewer.token, body: program }),
      403,
      "Forbidden",
      "Forbidden",
      forbidden("manage programs, their channels and budgets"),
    );
    programId = dataOf(await platform("/programs", { token: manager.token, body: program })).id;
    dataOf(
      await platform(`/programs/${programId}/channels`, {
        token: manager.token,
        body: { channelId: approved.channelId },
      }),
    );
  });

  it("lists and shows the program with its channel and budget (minor units as text)", async () => {
    const list = await everyPage("/programs", auditor.token);
    expect(list.find((row: { id: string }) => row.id === programId).budget.limitMinor).toBe("100000");
    const one = dataOf(await platform(`/programs/${programId}`, { token: auditor.token }));
    expect(one.channels.map((channel: { id: string }) => channel.id)).toEqual([approved.channelId]);
  });

  it("sends a delivery request once per Idempotency-Key, lists and shows it, and refunds a delivery once", async () => {
    const key = randomUUID();
    const first = await send(key);
    const sent = dataOf(first);
    expect(sent).toMatchObject({ totalMinor: "1450", unit: "EUR", approvalState: "SENT", replayed: false });
    const again = await send(key);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(dataOf(again)).toEqual(sent);
    const list = dataOf(await platform(`/programs/${programId}/delivery-requests`, { token: auditor.token }));
    expect(list.items.map((row: { id: string }) => row.id)).toEqual([sent.deliveryRequestId]);
    const one = dataOf(
      await platform(`/delivery-requests/${sent.deliveryRequestId}`, { token: auditor.token }),
    );
    expect(one.deliveries.map((row: { beneficiaryId: string }) => row.beneficiaryId)).toEqual([
      "BEN-1",
      "BEN-2",
    ]);
    const refund = `/deliveries/${one.deliveries[0].id}/refund`;
    expectFailure(
      await platform(refund, { token: auditor.token, body: { reason: "x" } }),
      403,
      "Forbidden",
      "Forbidden",
    );
    expect(dataOf(await platform(refund, { token: manager.token, body: { reason: "Paid twice" } }))).toEqual({
      state: "REQUESTED",
    });
    expectFailure(
      await platform(refund, { token: manager.token, body: { reason: "Again" } }),
      409,
      "Conflict",
      "Conflict",
      "A refund of this delivery was already requested.",
    );
  });

  it("names every bad row of a send and sends nothing", async () => {
    const reply = await platform(`/programs/${programId}/delivery-requests`, {
      token: manager.token,
      body: {
        channelId: approved.channelId,
        description: "Bad",
        deliveries: [
          { beneficiaryId: "B", amount: -1 },
          { beneficiaryId: "C", amount: 1.234 },
        ],
      },
    });
    expectFailure(
      reply,
      400,
      "ValidationError",
      "Invalid Request Body",
      /deliveries\[0\]\.amount.*deliveries\[1\]\.amount/,
    );
  });
});

describe("eligibility, the webhook log and the audit trail", () => {
  it("finds the approved channel by criteria", async () => {
    const found = dataOf(
      await platform("/eligibility", { token: auditor.token, body: { category: "CASH" } }),
    );
    expect(found.items.map((channel: { id: string }) => channel.id)).toContain(approved.channelId);
    expect(found).toMatchObject({ pageSize: 50, previous: null });
    const none = dataOf(
      await platform("/eligibility", { token: auditor.token, body: { category: "VOUCHERS" } }),
    );
    expect(none.items.map((channel: { id: string }) => channel.id)).not.toContain(approved.channelId);
  });

  it("lists webhook events; replay is an administrator's, an unknown event a 404", async () => {
    expect(dataOf(await platform("/webhook-events?outcome=FAILED", { token: auditor.token }))).toMatchObject({
      totalCapped: false,
      previous: null,
    });
    expectFailure(
      await platform("/webhook-events/nope/replay", { token: auditor.token, method: "POST" }),
      403,
      "Forbidden",
      "Forbidden",
      forbidden("replay webhook events"),
    );
    expectFailure(
      await platform("/webhook-events/nope/replay", { token: admin.token, method: "POST" }),
      404,
      "NotFound",
      "Not Found",
    );
  });

  it("reads the audit trail for an auditor, by action and subject; a reviewer may not", async () => {
    const trail = dataOf(
      await platform(`/audit?action=request.approved&subjectId=${approved.requestId}`, {
        token: auditor.token,
      }),
    );
    expect(trail.entries.map((entry: { subjectId: string }) => entry.subjectId)).toEqual([
      approved.requestId,
    ]);
    expectFailure(
      await platform("/audit", { token: reviewer.token }),
      403,
      "Forbidden",
      "Forbidden",
      forbidden("read the audit trail"),
    );
  });
});
