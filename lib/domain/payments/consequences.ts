/**
 * What approving a payment does, for the confirmation a finance approver reads before it (issue 30:
 * money is not released by one unconfirmed click): whether this approval is the last one needed, so
 * that the money goes now; to which channel of which provider; and what each budget the request is
 * charged to has left (its amount is already reserved there, so that is what remains after it).
 */
import { db } from "../../db";
import { chargedAccounts } from "../budgets";
import { type Actor, authorize } from "../permissions";
import { channelName } from "../stored-channel-content";
import { PENDING } from "./rules";

export interface ApprovalConsequence {
  /** This approval reaches the count: the request is sent (or the refund asked for) at once. */
  final: boolean;
  approvals: number;
  approvalsRequired: number;
  amountMinor: bigint;
  unit: string;
  channel: string;
  provider: string;
  /** The budgets the request is charged to: what each has left, this request's amount already reserved. */
  budgets: { kind: "channel" | "program"; remainingMinor: bigint }[];
}

const APPROVED = { where: { decision: "APPROVED" } };
/** Where the money goes: the channel and its provider. */
const RECIPIENT = {
  select: { providerDeliveryChannelId: true, approvedContent: true, provider: { select: { name: true } } },
};
const recipientOf = (channel: {
  providerDeliveryChannelId: string;
  approvedContent: string | null;
  provider: { name: string };
}) => ({
  channel: channelName(channel.approvedContent, channel.providerDeliveryChannelId),
  provider: channel.provider.name,
});
/** How far the approvals are, and whether one more sends the payment. */
const progressOf = (approved: number, approvalsRequired: number) => ({
  final: approved + 1 >= approvalsRequired,
  approvals: approved,
  approvalsRequired,
});

/** The consequence of one more approval of each pending delivery request, by id. */
export async function deliveryRequestConsequences(actor: Actor, ids: string[]) {
  authorize(actor, "payments.approve");
  const requests = await db().deliveryRequest.findMany({
    where: { id: { in: ids }, approvalState: PENDING },
    select: {
      id: true,
      totalMinor: true,
      unit: true,
      approvalsRequired: true,
      budgetAccountId: true,
      program: { select: { budget: { select: { id: true } } } },
      channel: RECIPIENT,
      _count: { select: { approvals: APPROVED } },
    },
  });
  const accounts = await db().budgetAccount.findMany({
    where: { id: { in: requests.flatMap((request) => chargedAccounts(request)) } },
    select: { id: true, kind: true, limitMinor: true, reservedMinor: true },
  });
  const account = new Map(accounts.map((row) => [row.id, row]));
  return new Map(
    requests.map((request): [string, ApprovalConsequence] => [
      request.id,
      {
        ...progressOf(request._count.approvals, request.approvalsRequired),
        amountMinor: request.totalMinor,
        unit: request.unit,
        ...recipientOf(request.channel),
        budgets: chargedAccounts(request).flatMap((id) => {
          const row = account.get(id);
          if (!row) return [];
          const kind = row.kind === "CHANNEL" ? ("channel" as const) : ("program" as const);
          return [{ kind, remainingMinor: row.limitMinor - row.reservedMinor }];
        }),
      },
    ]),
  );
}

/** The consequence of one more approval of each pending refund, by id: no budget moves until the provider reverts it. */
export async function refundConsequences(actor: Actor, ids: string[]) {
  authorize(actor, "payments.approve");
  const refunds = await db().refundRequest.findMany({
    where: { id: { in: ids }, state: PENDING },
    select: {
      id: true,
      amountMinor: true,
      approvalsRequired: true,
      delivery: {
        select: {
          deliveryRequest: {
            select: {
              unit: true,
              channel: RECIPIENT,
            },
          },
        },
      },
      _count: { select: { approvals: APPROVED } },
    },
  });
  return new Map(
    refunds.map(({ id, amountMinor, approvalsRequired, delivery, _count }): [string, ApprovalConsequence] => {
      const { unit, channel } = delivery.deliveryRequest;
      return [
        id,
        {
          ...progressOf(_count.approvals, approvalsRequired),
          amountMinor,
          unit,
          ...recipientOf(channel),
          budgets: [],
        },
      ];
    }),
  );
}
