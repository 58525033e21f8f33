/**
 * The stored state an operator watches (GET /metrics, docs/operations.md "Watch it"): the webhook
 * backlog, disabled subscriptions, the mail and translation queues, payments awaiting approval and
 * the budgets' reservations. Read from the database at each scrape, so every instance of one
 * database reports the same values. Each read is an indexed count or a small grouped sum.
 */
import { db } from "../../db";
import { oldestDueEventSeconds, outboxBacklog } from "../webhooks";

export type PaymentKind = "delivery_request" | "refund";

export interface StoredState {
  outbox: {
    dueEvents: number;
    oldestDueSeconds: number;
    pendingEvents: number;
    oldestPendingSeconds: number;
  };
  disabledSubscriptions: number;
  mailPending: number;
  translationsPending: number;
  approvals: Record<PaymentKind, { pending: number; oldestSeconds: number }>;
  /** Reserved minor units by budget unit (a currency code or a unit of goods). */
  reservedByUnit: Record<string, number>;
}

const ageSeconds = (since: Date | undefined, now: Date) =>
  since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)) : 0;

export async function storedState(now = new Date()): Promise<StoredState> {
  const awaiting = { approvalState: "PENDING_APPROVAL" } as const;
  const [backlog, oldestDueSeconds, disabledSubscriptions, mailPending, translationsPending] =
    await Promise.all([
      outboxBacklog(now),
      oldestDueEventSeconds(now),
      db().subscription.count({ where: { disabledAt: { not: null } } }),
      db().mailMessage.count({ where: { state: "PENDING" } }),
      db().translationJob.count({ where: { state: "PENDING" } }),
    ]);
  const [requests, oldestRequest, refunds, oldestRefund, reserved] = await Promise.all([
    db().deliveryRequest.count({ where: awaiting }),
    db().deliveryRequest.findFirst({
      where: awaiting,
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    }),
    db().refundRequest.count({ where: { state: "PENDING_APPROVAL" } }),
    db().refundRequest.findFirst({
      where: { state: "PENDING_APPROVAL" },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    }),
    db().budgetAccount.groupBy({ by: ["unit"], _sum: { reservedMinor: true } }),
  ]);
  return {
    outbox: {
      dueEvents: backlog.due,
      oldestDueSeconds,
      pendingEvents: backlog.pending,
      oldestPendingSeconds: backlog.oldestPendingSeconds,
    },
    disabledSubscriptions,
    mailPending,
    translationsPending,
    approvals: {
      delivery_request: { pending: requests, oldestSeconds: ageSeconds(oldestRequest?.createdAt, now) },
      refund: { pending: refunds, oldestSeconds: ageSeconds(oldestRefund?.createdAt, now) },
    },
    reservedByUnit: Object.fromEntries(
      reserved.map((row) => [row.unit, Number(row._sum.reservedMinor ?? 0n)]),
    ),
  };
}
