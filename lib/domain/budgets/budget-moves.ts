/**
 * What one Delivery/Sync report moves on each budget (budgets.ts reserves and releases whole
 * requests; this writes a report's per-delivery movements together).
 */
import { v7 as timeOrderedId } from "uuid";
import type { Tx } from "../../db";
import { type BulkColumns, insertRows } from "../../db/bulk-insert";
import { type ChargedRequest, chargedAccounts } from "./budgets";

/** What a report's movement rows hold, in the order BudgetMoves.write gives them. */
const MOVEMENT_COLUMNS: BulkColumns = [
  ["id", "text"],
  ["at", "timestamp"],
  ["accountId", "text"],
  ["kind", "text"],
  ["amountMinor", "bigint"],
  ["reservedAfterMinor", "bigint"],
  ["deliveryId", "text"],
];

interface DeliveryMove {
  kind: "RELEASED" | "DELIVERED";
  amountMinor: bigint;
  deliveryId: string;
}

/**
 * What a Delivery/Sync report moves on each budget, written when the report ends: per account one
 * update of its figures and one insert of its movements, instead of an update, a read and an insert
 * per delivery (three quarters of the report's statements, ~1 ms a delivery). Each movement's
 * reservedAfterMinor is the account's figure after it, as if each had been written in turn.
 */
export class BudgetMoves {
  private readonly byAccount = new Map<
    string,
    { order: string; moves: DeliveryMove[]; released: bigint; delivered: bigint }
  >();

  /** The entries of every account the request reserved against. */
  private of(request: ChargedRequest) {
    return chargedAccounts(request).map((accountId) => {
      // "0…" a channel's account, "1…" a program's: the channels' sort first (write).
      const order = `${accountId === request.program.budget?.id ? 1 : 0}${accountId}`;
      const entry = this.byAccount.get(accountId) ?? { order, moves: [], released: 0n, delivered: 0n };
      this.byAccount.set(accountId, entry);
      return entry;
    });
  }

  /**
   * A reserved amount counted as delivered (it stays reserved: it was spent), on each account; what
   * a partial delivery did not deliver (`undeliveredMinor`) is given back.
   */
  delivered(request: ChargedRequest, amountMinor: bigint, deliveryId: string, undeliveredMinor = 0n) {
    for (const entry of this.of(request)) {
      entry.delivered += amountMinor;
      entry.moves.push({ kind: "DELIVERED", amountMinor, deliveryId });
      if (undeliveredMinor === 0n) continue;
      entry.released += undeliveredMinor;
      entry.moves.push({ kind: "RELEASED", amountMinor: undeliveredMinor, deliveryId });
    }
  }

  /**
   * An amount given back to each account (what a delivery the provider reverted still held); when
   * that delivery had been counted as delivered, it leaves the delivered amount as well.
   */
  released(request: ChargedRequest, amountMinor: bigint, deliveryId: string, wasDelivered: boolean) {
    for (const entry of this.of(request)) {
      entry.released += amountMinor;
      if (wasDelivered) entry.delivered -= amountMinor;
      entry.moves.push({ kind: "RELEASED", amountMinor, deliveryId });
    }
  }

  /**
   * Every channel's account before any program's, each by id: the order a send locks a channel's
   * and its program's (budgetsFor) and a rejection releases them (chargedAccounts). In the order
   * the report met them, two reports meeting the same accounts in other orders deadlocked on
   * PostgreSQL, as could a report and a send.
   */
  async write(tx: Tx, at: Date) {
    const ordered = [...this.byAccount].sort(([, a], [, b]) => (a.order < b.order ? -1 : 1));
    for (const [accountId, { moves, released, delivered }] of ordered) {
      // The update locks the account's row (PostgreSQL) until the report commits: the figure it
      // answers is the one the movements lead to.
      const { reservedMinor } = await tx.budgetAccount.update({
        where: { id: accountId },
        data: { reservedMinor: { decrement: released }, deliveredMinor: { increment: delivered } },
        select: { reservedMinor: true },
      });
      let reservedAfterMinor = reservedMinor + released;
      // One instant for the report, the one its deliveries' outcomes carry (deliveredAt, revertedAt);
      // time-ordered ids (monotonic within it) keep the movements in the report's order, the order a
      // burn-down reads movements of one instant in.
      const rows = moves.map(({ kind, amountMinor, deliveryId }) => {
        if (kind === "RELEASED") reservedAfterMinor -= amountMinor;
        return [timeOrderedId(), at, accountId, kind, amountMinor, reservedAfterMinor, deliveryId];
      });
      // One statement per few thousand movements (lib/db/bulk-insert.ts), not Prisma's 124.
      await insertRows(tx, "BudgetMovement", MOVEMENT_COLUMNS, rows);
    }
  }
}
