/**
 * Four-eyes approval through the platform API: a program's policy set by an administrator's token,
 * a send above the threshold waits; its creator may not approve it, an approver may not approve
 * twice, the second finance approver's approval sends it; a rejection and a held refund likewise.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "../../support/http/envelope";
import {
  dataOf,
  type PlatformUser,
  platform,
  platformUser,
  requestedChannel,
} from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
let admin: PlatformUser;
let creator: PlatformUser;
let first: PlatformUser;
let second: PlatformUser;
let programId: string;
let channelId: string;

const send = (amount: number) =>
  platform(`/programs/${programId}/delivery-requests`, {
    token: creator.token,
    body: {
      channelId,
      description: `Send ${randomUUID()}`,
      deliveries: [{ beneficiaryId: randomUUID(), amount }],
    },
  });

beforeAll(async () => {
  const reviewer = await platformUser(["reviewer"]);
  [admin, creator, first, second] = await Promise.all([
    platformUser(["administrator"]),
    // The creator is a finance approver too: four eyes still means two others.
    platformUser(["program_manager", "finance_approver"]),
    platformUser(["finance_approver"]),
    platformUser(["finance_approver"]),
  ]);
  const provider = dataOf(
    await platform("/providers", { token: admin.token, body: { name: `Four eyes ${randomUUID()}` } }),
  );
  const channel = await requestedChannel(provider.key, reviewer, provider.id);
  dataOf(
    await platform(`/channel-requests/${channel.requestId}/approve`, {
      token: reviewer.token,
      method: "POST",
    }),
  );
  channelId = channel.channelId;
  const program = { name: "Four eyes", description: "", unit: "EUR", virtualBudget: 10000 };
  programId = dataOf(await platform("/programs", { token: creator.token, body: program })).id;
  dataOf(await platform(`/programs/${programId}/channels`, { token: creator.token, body: { channelId } }));
  const policy = {
    deliveryThreshold: 100,
    deliveryApprovalsRequired: 2,
    refundThreshold: 10,
    refundApprovalsRequired: 1,
  };
  expectFailure(
    await platform(`/programs/${programId}/approval-policy`, { token: creator.token, body: policy }),
    403,
    "Forbidden",
    "Forbidden",
    "Your role does not allow you to set approval policies.",
  );
  dataOf(await platform(`/programs/${programId}/approval-policy`, { token: admin.token, body: policy }));
});

describe("a delivery request above the threshold", () => {
  it("waits for two finance approvers other than its creator, then is sent", async () => {
    const sent = dataOf(await send(500));
    expect(sent).toMatchObject({ approvalState: "PENDING_APPROVAL", approvalsRequired: 2 });
    const approve = `/delivery-requests/${sent.deliveryRequestId}/approve`;
    const queue = dataOf(await platform("/approvals", { token: first.token }));
    expect(JSON.stringify(queue)).toContain(sent.deliveryRequestId);
    expectFailure(
      await platform(approve, { token: creator.token, method: "POST" }),
      403,
      "Forbidden",
      "Forbidden",
      "You created this delivery request: another finance approver must decide it.",
    );
    expectFailure(
      await platform(approve, { token: admin.token, method: "POST" }),
      403,
      "Forbidden",
      "Forbidden",
      "Your role does not allow you to approve payments.",
    );
    expect(dataOf(await platform(approve, { token: first.token, method: "POST" }))).toEqual({
      state: "PENDING_APPROVAL",
      approvals: 1,
      approvalsRequired: 2,
    });
    expectFailure(
      await platform(approve, { token: first.token, method: "POST" }),
      409,
      "Conflict",
      "Conflict",
      /already approved/,
    );
    expect(dataOf(await platform(approve, { token: second.token, method: "POST" }))).toMatchObject({
      state: "SENT",
      approvals: 2,
    });
    expectFailure(
      await platform(approve, { token: (await platformUser(["finance_approver"])).token, method: "POST" }),
      409,
      "Conflict",
      "Conflict",
    );
  });

  it("is never sent once rejected, for a reason", async () => {
    const sent = dataOf(await send(300));
    const reject = `/delivery-requests/${sent.deliveryRequestId}/reject`;
    expectFailure(
      await platform(reject, { token: first.token, body: {} }),
      400,
      "ValidationError",
      "Invalid Request Body",
      /reason/,
    );
    expect(
      dataOf(await platform(reject, { token: first.token, body: { reason: "Not signed off" } })),
    ).toMatchObject({ state: "REJECTED" });
    expectFailure(
      await platform(`/delivery-requests/${sent.deliveryRequestId}/approve`, {
        token: second.token,
        method: "POST",
      }),
      409,
      "Conflict",
      "Conflict",
    );
  });

  it("goes out at once below the threshold", async () => {
    expect(dataOf(await send(50))).toMatchObject({ approvalState: "SENT", approvalsRequired: 0 });
  });
});

describe("a refund above the refund threshold", () => {
  it("waits for a finance approver other than the one who asked", async () => {
    const sent = dataOf(await send(60));
    const detail = dataOf(
      await platform(`/delivery-requests/${sent.deliveryRequestId}`, { token: first.token }),
    );
    const deliveryId = detail.deliveries[0].id;
    const held = dataOf(
      await platform(`/deliveries/${deliveryId}/refund`, {
        token: creator.token,
        body: { reason: "Paid twice" },
      }),
    );
    expect(held).toEqual({ state: "PENDING_APPROVAL" });
    const queue = dataOf(await platform("/approvals", { token: first.token }));
    const refund = queue.refunds.find(
      (candidate: { deliveryRequestId: string }) => candidate.deliveryRequestId === sent.deliveryRequestId,
    );
    expect(refund).toBeDefined();
    const approve = `/refund-requests/${refund.id}/approve`;
    expectFailure(
      await platform(approve, { token: creator.token, method: "POST" }),
      403,
      "Forbidden",
      "Forbidden",
      /another finance approver/,
    );
    expect(dataOf(await platform(approve, { token: first.token, method: "POST" }))).toMatchObject({
      state: "REQUESTED",
    });
  });
});
