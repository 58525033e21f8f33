/**
 * Budgets that delivery requests reserve against, never beyond their limit. The reservation is one
 * conditional update (`reserved + amount <= limit` re-checked by the database on the locked row), so
 * concurrent requests from any number of connections or processes cannot overspend: on PostgreSQL
 * the row lock orders them and each re-evaluates the condition; SQLite runs writes one at a time.
 *
 * Which budgets apply: the channel's own budget when its approved content has an amount (the
 * contract's promise) — in the program's unit, else a clear error — and always the program's
 * virtual budget, which caps the program's total spending. A send must fit both.
 */
import { databaseKind } from "../../config";
import { budgetUnitOf, type ChannelBody } from "../../contract/channel";
import { say } from "../../contract/validation-messages";
import { db, type Tx } from "../../db";
import { conflict, invalid, notFound } from "../errors";
import { formatAmount, toMinor } from "../money";
import { type BurnDownPoint, burnDown } from "./burn-down";

type Budget = ChannelBody["budget"];

export interface AppliedBudget {
  id: string;
  unit: string;
  limitMinor: bigint;
  reservedMinor: bigint;
  /** Which budget, for a reader's own words: the channel's own, or the program's virtual one. */
  kind: "channel" | "program";
  /** "Channel budget of Cash pickup" or "Program Virtual Budget" (English, for the API and logs). */
  label: string;
  /** The channel's name for a channel budget (its refusal names it); null for the program's. */
  channelName: string | null;
}

/** The channel's own limit in the program's unit, or null when the channel has no budget amount. */
function channelLimit(program: { unit: string }, budget: Budget): bigint | null {
  const amount = budget?.amount;
  if (amount === null || amount === undefined) return null;
  const unit = budgetUnitOf(budget);
  if (unit !== program.unit) {
    throw invalid(
      "channelId",
      unit === undefined || unit === null
        ? say("channelBudgetInNoUnit", { programUnit: program.unit })
        : say("channelBudgetInOtherUnit", { unit, programUnit: program.unit }),
    );
  }
  return toMinor(amount);
}

const channelLabels = (name: string) => ({
  kind: "channel" as const,
  label: `Channel budget of ${name}`,
  channelName: name,
});
const PROGRAM_LABELS = {
  kind: "program" as const,
  label: "Program Virtual Budget",
  channelName: null,
};

/**
 * Locks the program's spending row through the channel (ProgramChannelSpending, kept by triggers on
 * DeliveryRequest) before a send locks any budget account. Every other writer of a request (a
 * rejection, an expiry, Delivery/Sync) updates the request, and so this row, before its accounts:
 * taken in one order, the locks cannot deadlock on PostgreSQL. SQLite has one writer at a time.
 */
export async function lockSpending(tx: Tx, programId: string, channelId: string) {
  if (databaseKind() !== "postgres") return;
  await tx.$executeRaw`
    INSERT INTO "ProgramChannelSpending" ("programId", "channelId") VALUES (${programId}, ${channelId})
    ON CONFLICT ("programId", "channelId") DO UPDATE SET "requests" = "ProgramChannelSpending"."requests"`;
}

/**
 * The budgets a request of `program` through `channel` reserves against, the channel's first (the
 * order reservations lock rows in, so concurrent requests cannot deadlock). `create` makes the
 * channel's account on first use; without it (a preview) a missing account counts as unused.
 */
export async function budgetsFor(
  tx: Tx,
  program: { id: string; unit: string },
  channel: { id: string; name: string; budget: Budget },
  { create }: { create: boolean },
): Promise<AppliedBudget[]> {
  const budgets: AppliedBudget[] = [];
  const limitMinor = channelLimit(program, channel.budget);
  if (limitMinor !== null) {
    // The limit follows the channel's approved budget; what was reserved stays reserved.
    const account = create
      ? await tx.budgetAccount.upsert({
          where: { channelId: channel.id },
          create: { kind: "CHANNEL", channelId: channel.id, unit: program.unit, limitMinor },
          update: { limitMinor },
        })
      : ((await tx.budgetAccount.findUnique({ where: { channelId: channel.id } })) ?? {
          id: "",
          unit: program.unit,
          reservedMinor: 0n,
        });
    budgets.push({ ...account, limitMinor, ...channelLabels(channel.name) });
  }
  const virtual = await tx.budgetAccount.findUnique({ where: { programId: program.id } });
  if (!virtual) throw notFound(say("programHasNoVirtualBudget"));
  budgets.push({ ...virtual, ...PROGRAM_LABELS });
  return budgets;
}

/**
 * Reserves `amount` or refuses, naming the budget and what remains; records the movement at `at`,
 * the request's createdAt (a statement dates it by the request and ties out to the movements).
 */
export async function reserve(
  tx: Tx,
  budget: AppliedBudget,
  amountMinor: bigint,
  deliveryRequestId: string,
  at: Date,
) {
  const { count } = await tx.budgetAccount.updateMany({
    where: { id: budget.id, reservedMinor: { lte: budget.limitMinor - amountMinor } },
    data: { reservedMinor: { increment: amountMinor } },
  });
  if (count !== 1) {
    const now = await tx.budgetAccount.findUniqueOrThrow({ where: { id: budget.id } });
    const remaining = now.limitMinor - now.reservedMinor;
    const amounts = {
      needed: formatAmount(amountMinor, now.unit),
      remaining: formatAmount(remaining < 0n ? 0n : remaining, now.unit),
    };
    throw conflict(
      budget.channelName === null
        ? say("virtualBudgetDoesNotAllow", amounts)
        : say("channelBudgetDoesNotAllow", { channel: budget.channelName, ...amounts }),
    );
  }
  await recordMovement(tx, budget.id, "RESERVED", amountMinor, { deliveryRequestId }, at);
}

/** The columns of a request that name the accounts it reserved against. */
export type ChargedRequest = { budgetAccountId: string; program: { budget: { id: string } | null } };

/**
 * The accounts a request reserved against: the budget that applied and its program's virtual budget,
 * in the order a send locks them (budgetsFor: the channel's first).
 */
export function chargedAccounts(request: ChargedRequest) {
  const programAccount = request.program.budget?.id;
  return programAccount && programAccount !== request.budgetAccountId
    ? [request.budgetAccountId, programAccount]
    : [request.budgetAccountId];
}

/**
 * Gives back a whole request's reservation (rejected or expired before it was sent) at `at`, its
 * decidedAt. Called only by the transaction whose conditional update took the request out of
 * PENDING_APPROVAL, so it runs at most once per request however many decide it at the same time.
 */
export async function releaseRequest(
  tx: Tx,
  accountId: string,
  amountMinor: bigint,
  deliveryRequestId: string,
  at: Date,
) {
  await tx.budgetAccount.update({
    where: { id: accountId },
    data: { reservedMinor: { decrement: amountMinor } },
  });
  await recordMovement(tx, accountId, "RELEASED", amountMinor, { deliveryRequestId }, at);
}

async function recordMovement(
  tx: Tx,
  accountId: string,
  kind: "RESERVED" | "RELEASED" | "DELIVERED",
  amountMinor: bigint,
  subject: { deliveryRequestId?: string; deliveryId?: string },
  at: Date,
) {
  const { reservedMinor } = await tx.budgetAccount.findUniqueOrThrow({
    where: { id: accountId },
    select: { reservedMinor: true },
  });
  await tx.budgetMovement.create({
    data: { accountId, kind, amountMinor, reservedAfterMinor: reservedMinor, at, ...subject },
  });
}

/** A budget's figures and its reserved total over time (the burn-down), for the budget views. */
export async function budgetOverview(where: { channelId: string } | { programId: string }) {
  const account = await db().budgetAccount.findUnique({
    where: "channelId" in where ? { channelId: where.channelId } : { programId: where.programId },
  });
  return account && overviewOf(account, await burnDown(account.id));
}

/** The overviews of the channels' budgets that have an account, by channel id. */
export async function channelBudgetOverviews(channelIds: string[]) {
  const accounts = await db().budgetAccount.findMany({ where: { channelId: { in: channelIds } } });
  const overviews = await Promise.all(
    accounts.map(async (account) => overviewOf(account, await burnDown(account.id))),
  );
  return new Map(overviews.map((overview, i) => [accounts[i]!.channelId, overview]));
}

function overviewOf(
  account: { unit: string; limitMinor: bigint; reservedMinor: bigint; deliveredMinor: bigint },
  points: BurnDownPoint[],
) {
  return {
    unit: account.unit,
    limitMinor: account.limitMinor,
    reservedMinor: account.reservedMinor,
    deliveredMinor: account.deliveredMinor,
    remainingMinor: account.limitMinor - account.reservedMinor,
    burnDown: points,
  };
}
