/**
 * What one Delivery/Sync report moved per delivery request (its deliveredMinor, revertedMinor,
 * undeliveredMinor and outcomeCount), written once per request at the end of the report
 * (sync-outcomes.ts).
 */
import type { Tx } from "../../db";

type ReportedDelivery = {
  deliveryRequestId: string;
  deliveryRequest: { programId: string; channelId: string };
};

interface Outcome {
  order: string;
  delivered: bigint;
  reverted: bigint;
  undelivered: bigint;
  /** Deliveries that left pending: first delivered, or reverted before that. */
  left: number;
}

export class RequestOutcomes {
  private readonly moved = new Map<string, Outcome>();

  private of({ deliveryRequestId, deliveryRequest: { programId, channelId } }: ReportedDelivery) {
    const entry = this.moved.get(deliveryRequestId) ?? {
      order: `${programId}\u0000${channelId}\u0000${deliveryRequestId}`,
      delivered: 0n,
      reverted: 0n,
      undelivered: 0n,
      left: 0,
    };
    this.moved.set(deliveryRequestId, entry);
    return entry;
  }

  /** Counted delivered: `deliveredMinor` of it, and `undeliveredMinor` given back (a partial delivery). */
  delivered(delivery: ReportedDelivery, deliveredMinor: bigint, undeliveredMinor: bigint) {
    const entry = this.of(delivery);
    entry.delivered += deliveredMinor;
    entry.undelivered += undeliveredMinor;
    entry.left += 1;
  }

  /** Reverted: `amountMinor` given back, which had counted as delivered when `wasDelivered`. */
  reverted(
    delivery: ReportedDelivery,
    { amountMinor, wasDelivered }: { amountMinor: bigint; wasDelivered: boolean },
  ) {
    const entry = this.of(delivery);
    entry.reverted += amountMinor;
    if (wasDelivered) entry.delivered -= amountMinor;
    else entry.left += 1;
  }

  /**
   * By (program, channel, request): each update locks the request's row and, through the database's
   * trigger, its program's spending row through that channel (ProgramChannelSpending). Two reports
   * locking them in one order cannot deadlock on PostgreSQL.
   */
  async write(tx: Tx) {
    const ordered = [...this.moved].sort(([, a], [, b]) => (a.order < b.order ? -1 : 1));
    for (const [id, { delivered, reverted, undelivered, left }] of ordered)
      await tx.deliveryRequest.update({
        where: { id },
        data: {
          deliveredMinor: { increment: delivered },
          revertedMinor: { increment: reverted },
          undeliveredMinor: { increment: undelivered },
          outcomeCount: { increment: left },
        },
      });
  }
}
