/**
 * How Delivery/Sync writes a report's outcomes in few statements (sync-outcomes.ts): those that move
 * no money grouped by what they write, and those delivered whole grouped by status, to be marked in
 * one statement each (lib/db/delivered-writes.ts).
 */
import { MAX_BOUND_VALUES, type Tx } from "../../db";

/** Ids bound per statement, well under what one query may bind. */
const CHUNK = Math.floor(MAX_BOUND_VALUES / 2);

/**
 * A report's outcomes that move no money, by what they write: one update per CHUNK deliveries
 * that get the same status (and no provider id of their own) instead of one per delivery.
 */
export class StatusUpdates {
  private readonly groups = new Map<
    string,
    { data: { status: string }; ids: string[]; unlessReverted: boolean }
  >();

  add(id: string, data: { status: string; providerDeliveryId?: string }, unlessReverted = false) {
    const key = JSON.stringify([data, unlessReverted]);
    const group = this.groups.get(key) ?? { data, ids: [], unlessReverted };
    this.groups.set(key, group);
    group.ids.push(id);
  }

  /** A delivered report of a delivery already counted: its status, unless it was reverted since. */
  addUnlessReverted(id: string, data: { status: string }) {
    this.add(id, data, true);
  }

  async write(tx: Tx) {
    for (const { data, ids, unlessReverted } of this.groups.values())
      for (let i = 0; i < ids.length; i += CHUNK)
        await tx.delivery.updateMany({
          where: {
            id: { in: ids.slice(i, i + CHUNK) },
            ...(unlessReverted ? { revertedAt: null } : {}),
          },
          data,
        });
  }
}

/** A report's deliveries reported delivered whole, by their status (DELIVERED, DELIVERY_COLLECTED). */
export class WholeDeliveries {
  private readonly byStatus = new Map<string, string[]>();
  private readonly ids = new Set<string>();

  add(status: string, id: string) {
    const group = this.byStatus.get(status) ?? [];
    this.byStatus.set(status, group);
    group.push(id);
    this.ids.add(id);
  }

  has(id: string) {
    return this.ids.has(id);
  }

  /** Marks each status's deliveries with `mark`; answers every id it marked. */
  async mark(mark: (ids: string[], status: string) => Promise<Set<string>>): Promise<Set<string>> {
    const marked = new Set<string>();
    for (const [status, ids] of this.byStatus) for (const id of await mark(ids, status)) marked.add(id);
    return marked;
  }
}
