/**
 * The four-eyes rule through HTTP: the console's server actions called as the browser calls them,
 * by a program manager (the creator), two finance approvers and an administrator (the policy). Then
 * many parallel clients approving and rejecting the same requests at once: exactly one outcome per
 * request, one event per sent request, budgets that add up (the point is PostgreSQL's row locks;
 * it runs in both projects).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { checkProgramSpending } from "../../support/money/money-ledger";
import { approvedChannel, programWith, servingChannel } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
const baseUrl = inject("baseUrl");

const action = (file: string, name: string) =>
  serverActions().find((candidate) => candidate.name === `${file}#${name}`) as ServerAction;
const PROGRAMS = "app/(admin)/admin/programs";
const policyAction = () => action(`${PROGRAMS}/program-actions.ts`, "approvalPolicyAction");
const sendAction = () => action(`${PROGRAMS}/send-delivery-actions.ts`, "sendAction");
const approveAction = () =>
  action("app/(admin)/admin/approvals/payment-decision-actions.ts", "approvePaymentAction");
const rejectAction = () =>
  action("app/(admin)/admin/approvals/payment-decision-actions.ts", "rejectPaymentAction");

const cookies = { manager: "", managerApprover: "", approver1: "", approver2: "", admin: "" };

beforeAll(async () => {
  cookies.manager = (await signedIn(["program_manager"])).cookie;
  cookies.managerApprover = (await signedIn(["program_manager", "finance_approver"])).cookie;
  cookies.approver1 = (await signedIn(["finance_approver"])).cookie;
  cookies.approver2 = (await signedIn(["finance_approver"])).cookie;
  cookies.admin = (await signedIn(["administrator"])).cookie;
});

/** A program of 100,000 EUR through a channel with its own budget (both reserve), whose requests above 100 EUR need two approvals. */
async function programNeedingTwo() {
  const setup = await servingChannel({ currency: "EUR", amount: 100_000 }, "EUR", 100_000);
  const policy = await actionResult(baseUrl, policyAction(), cookies.admin, [
    {
      programId: setup.programId,
      deliveryThreshold: 100,
      deliveryApprovalsRequired: 2,
      refundThreshold: null,
      refundApprovalsRequired: 1,
    },
  ]);
  expect(policy).toMatchObject({ ok: true });
  return setup;
}

async function sendAs(cookie: string, setup: { programId: string; channelId: string }, amount: number) {
  const result = await actionResult(baseUrl, sendAction(), cookie, [
    {
      programId: setup.programId,
      channelId: setup.channelId,
      description: `Winter cash ${randomUUID().slice(0, 8)}`,
      idempotencyKey: randomUUID(),
      source: "rows",
      deliveries: [
        { beneficiaryId: `b-${randomUUID()}`, amount: String(amount), options: { phone: "+359 888" } },
      ],
    },
  ]);
  expect(result.ok).toBe(true);
  return result.data as { deliveryRequestId: string; approvalsRequired: number };
}

const approve = (cookie: string, id: string) =>
  actionResult(baseUrl, approveAction(), cookie, [{ kind: "deliveryRequest", id }]);
const sentEvents = (deliveryRequestId?: string) =>
  db().outboxEvent.findMany({
    where: {
      eventType: "DELIVERY_REQUEST_SENT",
      ...(deliveryRequestId ? { payload: { contains: deliveryRequestId } } : {}),
    },
  });

describe("the four-eyes rule over HTTP", () => {
  it("refuses the creator and a second approval by the same approver; the second approver sends it", async () => {
    const setup = await programNeedingTwo();
    const { deliveryRequestId: id, approvalsRequired } = await sendAs(cookies.managerApprover, setup, 150);
    expect(approvalsRequired).toBe(2);

    const byCreator = await approve(cookies.managerApprover, id);
    expect(byCreator).toMatchObject({ ok: false });
    expect(byCreator.error).toMatch(/You created this delivery request/);
    const byManager = await approve(cookies.manager, id);
    expect(byManager).toMatchObject({ ok: false, error: expect.stringMatching(/approve payments/) });

    expect(await approve(cookies.approver1, id)).toMatchObject({
      ok: true,
      data: { state: "PENDING_APPROVAL", approvals: 1, approvalsRequired: 2 },
    });
    const again = await approve(cookies.approver1, id);
    expect(again).toMatchObject({ ok: false, error: expect.stringMatching(/already approved/) });
    expect(await sentEvents(id)).toHaveLength(0);

    expect(await approve(cookies.approver2, id)).toMatchObject({
      ok: true,
      data: { state: "SENT", approvals: 2 },
    });
    expect(await sentEvents(id)).toHaveLength(1);
    expect(await db().deliveryRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      approvalState: "SENT",
    });
  });

  it("answers hostile decisions with messages at the form, never a 500", async () => {
    const rejection = await actionResult(baseUrl, rejectAction(), cookies.approver1, [
      { kind: "deliveryRequest", id: "no-such-request", reason: "" },
    ]);
    expect(rejection).toMatchObject({ ok: false, fieldErrors: { reason: expect.any(String) } });
    const unknown = await approve(cookies.approver1, "no-such-request");
    expect(unknown).toMatchObject({ ok: false, error: "No such delivery request." });
    const badKind = await actionResult(baseUrl, approveAction(), cookies.approver1, [
      { kind: "loan", id: "x" },
    ]);
    expect(badKind).toMatchObject({ ok: false, fieldErrors: { kind: expect.any(String) } });
    const badPolicy = await actionResult(baseUrl, policyAction(), cookies.admin, [
      {
        programId: "x",
        deliveryThreshold: -1,
        deliveryApprovalsRequired: 0,
        refundThreshold: null,
        refundApprovalsRequired: 1,
      },
    ]);
    expect(Object.keys(badPolicy.fieldErrors ?? {}).sort()).toEqual([
      "deliveryApprovalsRequired",
      "deliveryThreshold",
    ]);
  });
});

describe("what the provider sees of a request awaiting approval", () => {
  const sync = (key: string, path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  it("answers its Sync reports as about an unknown request until the final approval sends it", async () => {
    const channel = await approvedChannel(undefined);
    const programId = await programWith(1000, [channel.channelId]);
    await actionResult(baseUrl, policyAction(), cookies.admin, [
      {
        programId,
        deliveryThreshold: 100,
        deliveryApprovalsRequired: 1,
        refundThreshold: null,
        refundApprovalsRequired: 1,
      },
    ]);
    const { deliveryRequestId } = await sendAs(
      cookies.manager,
      { programId, channelId: channel.channelId },
      150,
    );
    const { id: deliveryId } = await db().delivery.findFirstOrThrow({ where: { deliveryRequestId } });
    const reportRequest = () =>
      sync(channel.apiKey, "/api/DeliveryRequest/Sync", { deliveryRequestId, status: "APPROVED" });
    const reportDelivery = () =>
      sync(channel.apiKey, "/api/Delivery/Sync", { deliveryList: [{ deliveryId, status: "DELIVERED" }] });

    expect(await reportRequest()).toMatchObject({ status: 404, body: { status: "failed" } });
    expect(await reportDelivery()).toMatchObject({ status: 404, body: { status: "failed" } });
    expect(await approve(cookies.approver1, deliveryRequestId)).toMatchObject({
      ok: true,
      data: { state: "SENT" },
    });
    expect((await reportRequest()).status).toBe(200);
    expect((await reportDelivery()).status).toBe(200);
  });
});

describe("parallel approvals and rejections of the same requests", () => {
  it("make exactly one outcome per request, one event per sent request and consistent budgets", async () => {
    const setup = await programNeedingTwo();
    const approvers = [cookies.approver1, cookies.approver2, (await signedIn(["finance_approver"])).cookie];
    const rejecter = (await signedIn(["finance_approver"])).cookie;
    const requests = [];
    for (let index = 0; index < 6; index += 1)
      requests.push(await sendAs(cookies.manager, setup, 101 + index));
    const ids = requests.map((request) => request.deliveryRequestId);

    const answers = await Promise.all(
      ids.flatMap((id, index) => [
        ...approvers.map((cookie) => approve(cookie, id)),
        // Every other request also gets a rejection racing the approvals.
        ...(index % 2 === 0
          ? [
              actionResult(baseUrl, rejectAction(), rejecter, [
                { kind: "deliveryRequest", id, reason: "Race" },
              ]),
            ]
          : []),
      ]),
    );
    expect(answers.every((answer) => typeof answer.ok === "boolean")).toBe(true);

    const rows = await db().deliveryRequest.findMany({
      where: { id: { in: ids } },
      include: { approvals: true },
    });
    let expectedReserved = 0n;
    for (const row of rows) {
      const approved = row.approvals.filter((approval) => approval.decision === "APPROVED").length;
      const events = await sentEvents(row.id);
      const released = await db().budgetMovement.count({
        where: { deliveryRequestId: row.id, kind: "RELEASED" },
      });
      expect(["SENT", "REJECTED"]).toContain(row.approvalState);
      if (row.approvalState === "SENT") {
        expect([approved, events.length, released]).toEqual([2, 1, 0]);
        expectedReserved += row.totalMinor;
      } else {
        expect(approved).toBeLessThan(2);
        expect([events.length, released]).toEqual([0, 2]);
      }
    }
    // The odd requests had no rejection to race: they were sent.
    expect(
      rows.filter((row) => ids.indexOf(row.id) % 2 === 1).every((row) => row.approvalState === "SENT"),
    ).toBe(true);
    const budgets = await db().budgetAccount.findMany({
      where: { OR: [{ programId: setup.programId }, { channelId: setup.channelId }] },
    });
    expect(budgets.map((budget) => budget.reservedMinor)).toEqual([expectedReserved, expectedReserved]);
    // The program's page reads its spending per channel as the database keeps it: the sent ones only.
    const spending = await db().programChannelSpending.findUniqueOrThrow({
      where: { programId_channelId: { programId: setup.programId, channelId: setup.channelId } },
    });
    const sent = rows.filter((row) => row.approvalState === "SENT").length;
    expect([spending.requests, spending.sentMinor]).toEqual([sent, expectedReserved]);
    await checkProgramSpending(setup.programId, (ok, what) => expect(ok, what).toBe(true));
  });
});
