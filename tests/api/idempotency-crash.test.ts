/**
 * A retry after a crash answers the original success (issue 35). Every operation that takes an
 * Idempotency-Key is sent once to a server that commits it and is then killed before its answer is
 * stored (the test fault hook holds the request right there: TEST_FAULT_HOOKS, `x-test-fault:
 * hold-after-commit`). A second server on the same database gets the same request with the same key:
 * it must answer 200 with the original outcome, and the write must exist exactly once. Before the
 * journal (lib/db/transaction-journal.ts) the retry ran the operation again: a second program, or a
 * 409 "already approved" stored for ever for a write that had succeeded.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, MANAGER, providerActor, reviewerActor } from "../support/actors";
import { minimalChannelBody } from "../support/channel-bodies";
import { openOwnDatabase } from "../support/own-database";
import { type PlatformUser, platformUser, V1 } from "../support/platform-api";
import { healthyAgain, type RunningServer, serverPidOf, startServer } from "../support/test-server";

const database = openOwnDatabase();
const db = () => database.db();
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
});

interface Case {
  name: string;
  path: string;
  /** x-api-key (provider API) or a platform token. */
  auth: Record<string, string>;
  body?: unknown;
  /** What the database holds once the operation has happened exactly once. */
  once: () => Promise<void>;
  /** The success the retry must answer. */
  answer: (data: Record<string, unknown>) => void;
}

const key = (apiKey: string) => ({ "x-api-key": apiKey });
const bearer = (user: PlatformUser) => ({ authorization: `Bearer ${user.token}` });

async function call(baseUrl: string, test: Case, idempotencyKey: string, fault = false) {
  const response = await fetch(`${baseUrl}${test.path}`, {
    method: "POST",
    headers: {
      ...test.auth,
      "idempotency-key": idempotencyKey,
      ...(test.body === undefined ? {} : { "content-type": "application/json" }),
      ...(fault ? { "x-test-fault": "hold-after-commit" } : {}),
    },
    body: test.body === undefined ? undefined : JSON.stringify(test.body),
  });
  return {
    status: response.status,
    json: await response.json(),
    retryAfter: response.headers.get("retry-after"),
  };
}

/** Retries while the dead server's claim is still leased (409 RequestInProgress, Retry-After), as a client would. */
async function retryUntilAnswered(baseUrl: string, test: Case, idempotencyKey: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const reply = await call(baseUrl, test, idempotencyKey);
    if (reply.json.error?.type !== "RequestInProgress" || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, Number(reply.retryAfter ?? 1) * 1000));
  }
}

const cases: Case[] = [];

beforeAll(async () => {
  const { createProvider, issueApiKey } = await import("../../lib/domain/api-keys");
  const { requestChannelCreate } = await import("../../lib/domain/channels");
  const { decideRequest } = await import("../../lib/domain/approvals");
  const { createProgram, addChannelToProgram } = await import("../../lib/domain/programs");
  const { setApprovalPolicy } = await import("../../lib/domain/approval-policy");
  const { sendDeliveryRequest } = await import("../../lib/domain/delivery-requests");
  const { requestRefund } = await import("../../lib/domain/refund-approvals");

  const provider = await createProvider(ADMIN, `Crash provider ${randomUUID()}`);
  const { key: apiKey } = await issueApiKey(ADMIN, provider.id);
  const actor = providerActor(provider.id);
  const newChannel = async (approve: boolean) => {
    const id = `crash-${randomUUID()}`;
    await requestChannelCreate(actor, {
      ...minimalChannelBody(id),
      deliveryOptions: [{ fieldLabel: "Phone", fieldName: "phone", dataType: "STRING", isRequired: true }],
    } as never);
    const channel = await db().channel.findFirstOrThrow({
      where: { providerDeliveryChannelId: id },
      include: { requests: true },
    });
    if (approve)
      await decideRequest(reviewerActor("admin", null), channel.requests[0]!.id, { approve: true });
    return { id, channelId: channel.id, requestId: channel.requests[0]!.id };
  };
  const admin = await platformUser(["administrator"]);
  const reviewer = await platformUser(["reviewer"]);
  const manager = await platformUser(["program_manager"]);
  const approver = await platformUser(["finance_approver"]);

  // A program whose sends and refunds above 10 wait for one finance approval.
  const serving = await newChannel(true);
  const program = await createProgram(MANAGER, {
    name: "Crash",
    description: "",
    unit: "EUR",
    virtualBudget: 1e6,
  });
  await addChannelToProgram(MANAGER, program.id, serving.channelId);
  await setApprovalPolicy(ADMIN, {
    programId: program.id,
    deliveryThreshold: 10,
    deliveryApprovalsRequired: 1,
    refundThreshold: 10,
    refundApprovalsRequired: 1,
  });
  const send = async (amount: number) => {
    const sent = await sendDeliveryRequest(MANAGER, {
      idempotencyKey: randomUUID(),
      programId: program.id,
      channelId: serving.channelId,
      description: `Send of ${amount}`,
      deliveries: [{ beneficiaryId: `b-${randomUUID()}`, amount, options: { phone: "+359888" } }],
    });
    const deliveries = await db().delivery.findMany({ where: { deliveryRequestId: sent.deliveryRequestId } });
    return { requestId: sent.deliveryRequestId, deliveryId: deliveries[0]!.id };
  };
  const small = await send(5);
  const held = await send(50);
  const heldToReject = await send(60);
  const paid = await send(70);
  await db().deliveryRequest.update({ where: { id: paid.requestId }, data: { approvalState: "SENT" } });
  const refundFor = async () => {
    const { deliveryId } = await send(5);
    return deliveryId;
  };
  await requestRefund(MANAGER, paid.deliveryId, "Paid twice");
  const heldRefund = await db().refundRequest.findFirstOrThrow({ where: { deliveryId: paid.deliveryId } });
  const other = await send(80);
  await db().deliveryRequest.update({ where: { id: other.requestId }, data: { approvalState: "SENT" } });
  await requestRefund(MANAGER, other.deliveryId, "Paid twice");
  const heldRefundToReject = await db().refundRequest.findFirstOrThrow({
    where: { deliveryId: other.deliveryId },
  });
  const toApprove = await newChannel(false);
  const toReject = await newChannel(false);
  const toUpdate = await newChannel(false);
  const toLink = await newChannel(true);
  const refundDeliveryId = await refundFor();
  const event = await db().outboxEvent.findFirstOrThrow({ where: { providerId: provider.id } });
  // A replay takes an event that has finished its deliveries.
  await db().outboxEvent.update({ where: { id: event.id }, data: { state: "FAILED" } });
  const subscribed = `https://hooks.example.org/${randomUUID()}`;
  const programName = `Program ${randomUUID()}`;
  const providerName = `Provider ${randomUUID()}`;
  const createdId = `crash-created-${randomUUID()}`;
  const state = (id: string) => db().deliveryRequest.findUniqueOrThrow({ where: { id } });

  cases.push(
    {
      name: "provider Create",
      path: "/api/DeliveryChannel/Create",
      auth: key(apiKey),
      body: minimalChannelBody(createdId),
      once: async () =>
        expect(await db().channel.count({ where: { providerDeliveryChannelId: createdId } })).toBe(1),
      answer: (data) => expect(data.providerDeliveryChannelId).toBe(createdId),
    },
    {
      name: "provider Update",
      path: "/api/DeliveryChannel/Update",
      auth: key(apiKey),
      body: { ...minimalChannelBody(toUpdate.id), landingPage: "www.updated.example" },
      once: async () =>
        expect(
          await db().channelRequest.count({ where: { channelId: toUpdate.channelId, state: "PENDING" } }),
        ).toBe(1),
      answer: (data) => expect(data.requestType).toBe("Delivery Channel Update"),
    },
    {
      name: "Subscribe",
      path: "/api/Event/Subscribe",
      auth: key(apiKey),
      body: { eventType: "DELIVERY_REQUEST_SENT", callbackUrl: subscribed, auth: null },
      once: async () =>
        expect(
          await db().subscription.count({ where: { providerId: provider.id, callbackUrl: subscribed } }),
        ).toBe(1),
      answer: (data) => expect(data.callbackUrl).toBe(subscribed),
    },
    {
      name: "DeliveryRequest/Sync",
      path: "/api/DeliveryRequest/Sync",
      auth: key(apiKey),
      body: { deliveryRequestId: small.requestId, providerDeliveryRequestId: "prov-1", status: "APPROVED" },
      once: async () => expect((await state(small.requestId)).providerDeliveryRequestId).toBe("prov-1"),
      answer: () => {},
    },
    {
      name: "Delivery/Sync",
      path: "/api/Delivery/Sync",
      auth: key(apiKey),
      body: { deliveryList: [{ deliveryId: small.deliveryId, status: "DELIVERED" }] },
      once: async () => expect((await state(small.requestId)).deliveredMinor).toBe(500n),
      answer: () => {},
    },
    {
      name: "create a program",
      path: `${V1}/programs`,
      auth: bearer(manager),
      body: { name: programName, description: "", unit: "EUR", virtualBudget: 100 },
      once: async () => expect(await db().program.count({ where: { name: programName } })).toBe(1),
      answer: (data) => expect(data.name).toBe(programName),
    },
    {
      name: "add a channel to a program",
      path: `${V1}/programs/${program.id}/channels`,
      auth: bearer(manager),
      body: { channelId: toLink.channelId },
      once: async () =>
        expect(
          await db().programChannel.count({ where: { programId: program.id, channelId: toLink.channelId } }),
        ).toBe(1),
      answer: (data) => expect(data.done).toBe(true),
    },
    {
      name: "approve a channel request",
      path: `${V1}/channel-requests/${toApprove.requestId}/approve`,
      auth: bearer(reviewer),
      once: async () =>
        expect(
          (await db().channel.findUniqueOrThrow({ where: { id: toApprove.channelId } })).isApproved,
        ).toBe(true),
      answer: (data) => expect(data.state).toBe("APPROVED"),
    },
    {
      name: "reject a channel request",
      path: `${V1}/channel-requests/${toReject.requestId}/reject`,
      auth: bearer(reviewer),
      body: { reason: "No phone" },
      once: async () =>
        expect(
          (await db().channelRequest.findUniqueOrThrow({ where: { id: toReject.requestId } })).state,
        ).toBe("REJECTED"),
      answer: (data) => expect(data.state).toBe("REJECTED"),
    },
    {
      name: "approve a payment (the final approval sends it)",
      path: `${V1}/delivery-requests/${held.requestId}/approve`,
      auth: bearer(approver),
      once: async () => {
        expect((await state(held.requestId)).approvalState).toBe("SENT");
        expect(await db().paymentApproval.count({ where: { deliveryRequestId: held.requestId } })).toBe(1);
      },
      answer: (data) => expect(data.state).toBe("SENT"),
    },
    {
      name: "reject a payment",
      path: `${V1}/delivery-requests/${heldToReject.requestId}/reject`,
      auth: bearer(approver),
      body: { reason: "Not signed off" },
      once: async () => expect((await state(heldToReject.requestId)).approvalState).toBe("REJECTED"),
      answer: (data) => expect(data.state).toBe("REJECTED"),
    },
    {
      name: "approve a held refund",
      path: `${V1}/refund-requests/${heldRefund.id}/approve`,
      auth: bearer(approver),
      once: async () =>
        expect((await db().refundRequest.findUniqueOrThrow({ where: { id: heldRefund.id } })).state).toBe(
          "REQUESTED",
        ),
      answer: (data) => expect(data.state).toBe("REQUESTED"),
    },
    {
      name: "reject a held refund",
      path: `${V1}/refund-requests/${heldRefundToReject.id}/reject`,
      auth: bearer(approver),
      body: { reason: "Not a duplicate" },
      once: async () =>
        expect(
          (await db().refundRequest.findUniqueOrThrow({ where: { id: heldRefundToReject.id } })).state,
        ).toBe("REJECTED"),
      answer: (data) => expect(data.state).toBe("REJECTED"),
    },
    {
      name: "request a refund",
      path: `${V1}/deliveries/${refundDeliveryId}/refund`,
      auth: bearer(manager),
      body: { reason: "Paid twice" },
      once: async () => {
        const delivery = await db().delivery.findUniqueOrThrow({ where: { id: refundDeliveryId } });
        expect(delivery.refundReason).toBe("Paid twice");
        const events = await db().outboxEvent.count({
          where: { eventType: "DELIVERY_REFUND_REQUESTED", payloadPreview: { contains: refundDeliveryId } },
        });
        expect(events).toBe(1);
      },
      answer: (data) => expect(data.state).toBe("REQUESTED"),
    },
    {
      name: "send a delivery request",
      path: `${V1}/programs/${program.id}/delivery-requests`,
      auth: bearer(manager),
      body: {
        channelId: serving.channelId,
        description: "Crash send",
        deliveries: [{ beneficiaryId: "crash-b", amount: 3, options: { phone: "+359888" } }],
      },
      once: async () =>
        expect(
          await db().deliveryRequest.count({ where: { programId: program.id, description: "Crash send" } }),
        ).toBe(1),
      answer: (data) => expect(data.approvalState).toBe("SENT"),
    },
    {
      name: "set an approval policy",
      path: `${V1}/programs/${program.id}/approval-policy`,
      auth: bearer(admin),
      body: {
        deliveryThreshold: 20,
        deliveryApprovalsRequired: 1,
        refundThreshold: 10,
        refundApprovalsRequired: 1,
      },
      once: async () =>
        expect(
          (await db().program.findUniqueOrThrow({ where: { id: program.id } }))
            .deliveryApprovalThresholdMinor,
        ).toBe(2000n),
      answer: (data) => expect(data.done).toBe(true),
    },
    {
      name: "create a provider (and its first key)",
      path: `${V1}/providers`,
      auth: bearer(admin),
      body: { name: providerName },
      once: async () => {
        const created = await db().provider.findMany({
          where: { name: providerName },
          include: { apiKeys: true },
        });
        expect(created).toHaveLength(1);
        expect(created[0]!.apiKeys.filter((apiKey) => !apiKey.revokedAt)).toHaveLength(1);
      },
      answer: (data) => expect(data.name).toBe(providerName),
    },
    {
      name: "replay a webhook event",
      path: `${V1}/webhook-events/${event.id}/replay`,
      auth: bearer(admin),
      once: async () =>
        expect((await db().outboxEvent.findUniqueOrThrow({ where: { id: event.id } })).state).toBe("PENDING"),
      answer: () => {},
    },
  );
}, 120_000);

describe("a retry after the server died between the commit and the stored answer", () => {
  it("answers every idempotent operation's original success, and the write happened once", async () => {
    const env = { TEST_FAULT_HOOKS: "true", WORKERS_IN_PROCESS: "false" };
    const first = await startServer(database.url(), "production", env);
    server = first;
    const keys = cases.map(() => randomUUID());
    // Each request commits and is then held, unanswered; the server dies with all of them held.
    const held = cases.map((test, i) => call(first.baseUrl, test, keys[i]!, true).catch(() => "killed"));
    const deadline = Date.now() + 60_000;
    while ((first.output().match(/held after commit/g) ?? []).length < cases.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((first.output().match(/held after commit/g) ?? []).length).toBe(cases.length);
    process.kill(serverPidOf(first), "SIGKILL");
    expect(await Promise.all(held)).toEqual(cases.map(() => "killed"));

    // npm start's supervisor starts a new server; the retries find the dead one's claims.
    await healthyAgain(first);
    const replies = await Promise.all(
      cases.map((test, i) => retryUntilAnswered(first.baseUrl, test, keys[i]!)),
    );
    for (const [i, test] of cases.entries()) {
      const reply = replies[i]!;
      expect({ name: test.name, status: reply.status, error: reply.json.error }).toEqual({
        name: test.name,
        status: 200,
        error: null,
      });
      test.answer(reply.json.data);
      await test.once();
    }
    // And the answer is now stored: a further retry replays it at once.
    const again = await call(first.baseUrl, cases[0]!, keys[0]!);
    expect(again.status).toBe(200);
  }, 180_000);
});
