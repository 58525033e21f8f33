/**
 * The break-settling tests' world (tests/domain/reconciliation/break-*.test.ts): two more finance
 * approvers, a break of a delivery the file says was delivered at 40 of 100, and the checks after.
 */
import { expect } from "vitest";
import { db } from "../../../lib/db";
import { checkInvariants } from "../money/money-ledger";
import { account } from "../money/money-setup";
import { userActor } from "../users/actors";
import { csv, sentThree, uploaded } from "./upload-world";

export const SECOND = userActor(["finance_approver"], "finance-second");
export const THIRD = userActor(["finance_approver"], "finance-third");

/** A sent request of 100, 50 and 30 EUR and an upload whose file says the hundred was delivered at 40. */
export async function breakOfForty() {
  const world = await sentThree();
  const result = await uploaded(
    world.setup.providerId,
    csv(
      `${world.hundred},,40.00,EUR,DELIVERED`,
      `${world.fifty},,50.00,EUR,DELIVERED`,
      `${world.thirty},,30,EUR,DELIVERY_PENDING`,
    ),
  );
  const [amountBreak] = result.breaks;
  expect(amountBreak).toMatchObject({
    kind: "AMOUNT_MISMATCH",
    deliveryId: world.hundred,
    fileOutcome: "delivered",
  });
  return { ...world, breakId: amountBreak!.id };
}

export const delivery = (id: string) => db().delivery.findUniqueOrThrow({ where: { id } });

/** The channel's budget keeps every identity of tests/support/money/money-ledger.ts. */
export const invariants = async (channelId: string) =>
  checkInvariants((await account(channelId)).id, (ok, what) => expect(ok, what).toBe(true));
