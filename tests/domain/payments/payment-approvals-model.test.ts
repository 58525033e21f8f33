/**
 * Model-based test of approval policies: random sequences of sends (some above the threshold of
 * 100 EUR, which need two approvals), approvals and rejections by three finance approvers — one of
 * them the creator — against a model. After every step, on the stored data: each request's state
 * is the model's, the program's budget reserves exactly the sent and pending totals, and the
 * provider got one DELIVERY_REQUEST_SENT per sent request, no more.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, it } from "vitest";
import { sendDeliveryRequest } from "@/lib/domain/deliveries";
import { DomainError } from "@/lib/domain/errors";
import { approveDeliveryRequest, rejectDeliveryRequest, setApprovalPolicy } from "@/lib/domain/payments";
import { approvedChannel, delivery, programWith } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER, userActor } from "../../support/users/actors";

const database = openTestDb();
const PROGRAM_LIMIT = 50_000n; // 500 EUR
const THRESHOLD = 10_000n; // 100 EUR
/** Approver 0 is the creator (MANAGER's person) holding the approver role too. */
const APPROVERS = [
  userActor(["program_manager", "finance_approver"], MANAGER.id),
  userActor(["finance_approver"], "model-approver-1"),
  userActor(["finance_approver"], "model-approver-2"),
];

type Step =
  | { kind: "send"; minor: number }
  | { kind: "approve" | "reject"; request: number; approver: number };

interface ModelRequest {
  id: string;
  total: bigint;
  state: "SENT" | "PENDING_APPROVAL" | "REJECTED";
  deciders: Set<number>;
  approvals: number;
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("send" as const), minor: fc.integer({ min: 5_000, max: 20_000 }) }),
  fc.record({
    kind: fc.constantFrom("approve" as const, "reject" as const),
    request: fc.nat({ max: 5 }),
    approver: fc.nat({ max: 2 }),
  }),
);

/** Whether the model says the decision is refused; otherwise it applies it. */
function decide(request: ModelRequest, kind: "approve" | "reject", approver: number): boolean {
  if (request.state !== "PENDING_APPROVAL" || approver === 0 || request.deciders.has(approver)) return false;
  request.deciders.add(approver);
  if (kind === "reject") request.state = "REJECTED";
  else if (++request.approvals === 2) request.state = "SENT";
  return true;
}

async function refused(promise: Promise<unknown>): Promise<boolean> {
  return promise.then(
    () => false,
    (error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
      return true;
    },
  );
}

it("random sends, approvals and rejections keep states, reservations and events as the model says", async () => {
  const channel = await approvedChannel(undefined, "Model kiosk");
  const sentEvents = () =>
    database()
      .db()
      .outboxEvent.count({ where: { providerId: channel.providerId, eventType: "DELIVERY_REQUEST_SENT" } });
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
      const programId = await programWith(Number(PROGRAM_LIMIT) / 100, [channel.channelId]);
      await setApprovalPolicy(userActor(["administrator"]), {
        programId,
        deliveryThreshold: Number(THRESHOLD) / 100,
        deliveryApprovalsRequired: 2,
        refundThreshold: null,
        refundApprovalsRequired: 1,
      });
      const eventsBefore = await sentEvents();
      const requests: ModelRequest[] = [];
      for (const next of steps) {
        if (next.kind === "send") {
          const total = BigInt(next.minor);
          const reserved = requests
            .filter((r) => r.state !== "REJECTED")
            .reduce((sum, r) => sum + r.total, 0n);
          const send = sendDeliveryRequest(MANAGER, {
            programId,
            channelId: channel.channelId,
            description: "Model",
            deliveries: [delivery(next.minor / 100)],
            idempotencyKey: randomUUID(),
            confirmDuplicate: true,
          });
          if (reserved + total > PROGRAM_LIMIT) {
            expect(await refused(send)).toBe(true);
            continue;
          }
          const { deliveryRequestId } = await send;
          const state = total > THRESHOLD ? "PENDING_APPROVAL" : "SENT";
          requests.push({ id: deliveryRequestId, total, state, deciders: new Set(), approvals: 0 });
        } else {
          const request = requests[next.request % Math.max(requests.length, 1)];
          if (!request) continue;
          const actor = APPROVERS[next.approver]!;
          const call =
            next.kind === "approve"
              ? approveDeliveryRequest(actor, request.id)
              : rejectDeliveryRequest(actor, request.id, "Model rejection");
          expect(await refused(call)).toBe(!decide(request, next.kind, next.approver));
        }
        const stored = await database()
          .db()
          .deliveryRequest.findMany({ where: { programId }, select: { id: true, approvalState: true } });
        const states = new Map(stored.map((row) => [row.id, row.approvalState]));
        for (const request of requests) expect(states.get(request.id)).toBe(request.state);
        const budget = await database().db().budgetAccount.findUniqueOrThrow({ where: { programId } });
        const modelReserved = requests
          .filter((r) => r.state !== "REJECTED")
          .reduce((sum, r) => sum + r.total, 0n);
        expect(budget.reservedMinor).toBe(modelReserved);
        expect((await sentEvents()) - eventsBefore).toBe(requests.filter((r) => r.state === "SENT").length);
      }
    }),
    { numRuns: 25 },
  );
});
