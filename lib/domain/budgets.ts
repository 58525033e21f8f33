/**
 * Budgets that delivery requests reserve against, never beyond their limit. The reservation is one
 * conditional update (`reserved + amount <= limit` re-checked by the database on the locked row), so
 * concurrent requests from any number of connections or processes cannot overspend: on PostgreSQL
 * the row lock orders them and each re-evaluates the condition; SQLite runs writes one at a time.
 *
 * Which budget applies (the contract's promise): the channel's own budget when its approved content
 * has an amount — in the program's unit, else a clear error — otherwise the program's virtual budget.
 */
import type { ChannelBody } from "../contract/channel";
import { type Tx, db } from "../db";
import { conflict, invalid, notFound } from "./errors";
import { formatAmount, toMinor } from "./money";

type Budget = ChannelBody["budget"];

/** The budget account a request of `program` through `channel` reserves against (created on first use). */
export async function applicableBudget(
  tx: Tx,
  program: { id: string; unit: string },
  channel: { id: string; budget: Budget },
) {
  const amount = channel.budget?.amount;
  if (amount === null || amount === undefined) {
    const account = await tx.budgetAccount.findUnique({ where: { programId: program.id } });
    if (!account) throw notFound("The program has no virtual budget.");
    return account;
  }
  const unit = channel.budget?.currency ?? channel.budget?.commodity;
  if (unit !== program.unit) {
    throw invalid(
      "channelId",
      `The channel's budget is in ${unit ?? "no unit"} but the program gives ${program.unit}: choose another channel.`,
    );
  }
  // The limit follows the channel's approved budget; what was reserved stays reserved.
  const limitMinor = toMinor(amount);
  return tx.budgetAccount.upsert({
    where: { channelId: channel.id },
    create: { kind: "CHANNEL", channelId: channel.id, unit, limitMinor },
    update: { limitMinor },
  });
}

/** Reserves `amount` or refuses with what remains; records the movement. */
export async function reserve(tx: Tx, accountId: string, amountMinor: bigint, deliveryRequestId: string) {
  const account = await tx.budgetAccount.findUniqueOrThrow({ where: { id: accountId } });
  const { count } = await tx.budgetAccount.updateMany({
    where: { id: accountId, reservedMinor: { lte: account.limitMinor - amountMinor } },
    data: { reservedMinor: { increment: amountMinor } },
  });
  if (count !== 1) {
    const now = await tx.budgetAccount.findUniqueOrThrow({ where: { id: accountId } });
    const remaining = now.limitMinor - now.reservedMinor;
    throw conflict(
      `The budget does not allow this request: it needs ${formatAmount(amountMinor, now.unit)} and ${formatAmount(remaining < 0n ? 0n : remaining, now.unit)} remain.`,
    );
  }
  await recordMovement(tx, accountId, "RESERVED", amountMinor, { deliveryRequestId });
}

/**
 * Gives an amount back to the budget (a delivery the provider reverted); when that delivery had been
 * reported delivered, it leaves the delivered amount as well.
 */
export async function release(
  tx: Tx,
  accountId: string,
  amountMinor: bigint,
  deliveryId: string,
  wasDelivered = false,
) {
  await tx.budgetAccount.update({
    where: { id: accountId },
    data: {
      reservedMinor: { decrement: amountMinor },
      ...(wasDelivered ? { deliveredMinor: { decrement: amountMinor } } : {}),
    },
  });
  await recordMovement(tx, accountId, "RELEASED", amountMinor, { deliveryId });
}

/** Counts a reserved amount as delivered (it stays reserved: it was spent). */
export async function markDelivered(tx: Tx, accountId: string, amountMinor: bigint, deliveryId: string) {
  await tx.budgetAccount.update({
    where: { id: accountId },
    data: { deliveredMinor: { increment: amountMinor } },
  });
  await recordMovement(tx, accountId, "DELIVERED", amountMinor, { deliveryId });
}

async function recordMovement(
  tx: Tx,
  accountId: string,
  kind: "RESERVED" | "RELEASED" | "DELIVERED",
  amountMinor: bigint,
  subject: { deliveryRequestId?: string; deliveryId?: string },
) {
  const { reservedMinor } = await tx.budgetAccount.findUniqueOrThrow({
    where: { id: accountId },
    select: { reservedMinor: true },
  });
  await tx.budgetMovement.create({
    data: { accountId, kind, amountMinor, reservedAfterMinor: reservedMinor, ...subject },
  });
}

/** A budget's figures and its movements over time (the burn-down), for the budget views. */
export async function budgetOverview(where: { channelId: string } | { programId: string }) {
  const account = await db().budgetAccount.findUnique({
    where: "channelId" in where ? { channelId: where.channelId } : { programId: where.programId },
    include: { movements: { orderBy: { at: "asc" }, take: 1000 } },
  });
  if (!account) return null;
  return {
    unit: account.unit,
    limitMinor: account.limitMinor,
    reservedMinor: account.reservedMinor,
    deliveredMinor: account.deliveredMinor,
    remainingMinor: account.limitMinor - account.reservedMinor,
    movements: account.movements.map(({ at, kind, amountMinor, reservedAfterMinor }) => ({
      at,
      kind,
      amountMinor,
      reservedAfterMinor,
    })),
  };
}
