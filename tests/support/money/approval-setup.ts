/**
 * Approval policies for the domain tests (tests/domain/payments/): the people who decide,
 * a program with a policy, sends, and what the database holds. Uses lib/db as opened by the test
 * file (openTestDb).
 */
import { randomUUID } from "node:crypto";
import { db } from "../../../lib/db";
import { sendDeliveryRequest } from "../../../lib/domain/deliveries";
import { setApprovalPolicy } from "../../../lib/domain/payments";
import { MANAGER, userActor } from "../users/actors";
import { delivery, servingChannel } from "./money-setup";

export const ADMIN = userActor(["administrator"], "admin-policy");
export const APPROVER_1 = userActor(["finance_approver"], "approver-1");
export const APPROVER_2 = userActor(["finance_approver"], "approver-2");
export const APPROVER_3 = userActor(["finance_approver"], "approver-3");
/** The creator (MANAGER's person) holding the approver role as well. */
export const CREATOR_AS_APPROVER = userActor(["program_manager", "finance_approver"], MANAGER.id);

export async function programWithPolicy(policy: { delivery?: [number, number]; refund?: [number, number] }) {
  const setup = await servingChannel({ currency: "EUR", amount: 1000 }, "EUR", 5000);
  await setApprovalPolicy(ADMIN, {
    programId: setup.programId,
    deliveryThreshold: policy.delivery?.[0] ?? null,
    deliveryApprovalsRequired: policy.delivery?.[1] ?? 1,
    refundThreshold: policy.refund?.[0] ?? null,
    refundApprovalsRequired: policy.refund?.[1] ?? 1,
  });
  return setup;
}

export const send = (setup: { programId: string; channelId: string }, amounts: number[]) =>
  sendDeliveryRequest(MANAGER, {
    idempotencyKey: randomUUID(),
    programId: setup.programId,
    channelId: setup.channelId,
    description: `Send of ${amounts.join("+")}`,
    deliveries: amounts.map((amount) => delivery(amount)),
  });

export const reserved = async (programId: string, channelId: string) => {
  const accounts = await db().budgetAccount.findMany({
    where: { OR: [{ programId }, { channelId }] },
    orderBy: { kind: "asc" },
  });
  return accounts.map((account) => account.reservedMinor);
};

/** Backdates a pending payment by `hours` (so that other files' pending payments never expire here). */
const HOUR = 3600_000;
export const age = (model: "deliveryRequest" | "refundRequest", id: string, hours: number) => {
  const createdAt = new Date(Date.now() - hours * HOUR);
  return model === "deliveryRequest"
    ? db().deliveryRequest.update({ where: { id }, data: { createdAt } })
    : db().refundRequest.update({ where: { id }, data: { createdAt } });
};

export const stateOf = async (id: string) =>
  (await db().deliveryRequest.findUniqueOrThrow({ where: { id } })).approvalState;
