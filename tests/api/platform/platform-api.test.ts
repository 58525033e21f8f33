/**
 * The platform API's operations over real HTTP, each with the role that may call it and one that
 * may not: channel requests (with their diffs) and decisions, channels, providers and their keys,
 * eligibility, the webhook log and the audit trail. Programs and payments: platform-programs.test.ts.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { expectFailure } from "../../support/http/envelope";
import {
  dataOf,
  everyPage,
  forbidden,
  type PlatformUser,
  platform,
  platformUser,
  platformWorld,
  requestedChannel,
} from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
let admin: PlatformUser;
let reviewer: PlatformUser;
let auditor: PlatformUser;
let provider: { id: string; key: string };
let approved: Awaited<ReturnType<typeof requestedChannel>>;

beforeAll(async () => {
  ({ admin, reviewer, auditor, provider, approved } = await platformWorld());
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

describe("eligibility, the webhook log and the audit trail", () => {
  it("finds the approved channel by criteria", async () => {
    // Every eligible channel's id, page by page: other files' channels share this server's database.
    const eligible = async (criteria: Record<string, string>) => {
      const ids: string[] = [];
      let after: string | null = null;
      do {
        const body: Record<string, string> = after ? { ...criteria, after } : criteria;
        const page = dataOf(await platform("/eligibility", { token: auditor.token, body }));
        if (!after) expect(page).toMatchObject({ pageSize: 50, previous: null });
        ids.push(...page.items.map((channel: { id: string }) => channel.id));
        after = page.next;
      } while (after);
      return ids;
    };
    expect(await eligible({ category: "CASH" })).toContain(approved.channelId);
    expect(await eligible({ category: "VOUCHERS" })).not.toContain(approved.channelId);
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
