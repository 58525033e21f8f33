/**
 * Issue 36, model-based: random sequences of sends, erasures (asked by one administrator, approved
 * by another) and refunds across a few beneficiaries, on the real database, checked after every step
 * against a model. Invariants: a delivery's values read back (in the provider's body) exactly when
 * its beneficiary was not erased since it was sent, and under its own id exactly then; the accounts
 * (every delivery's amount, the program's reservation) never change by an erasure; an erasure of a
 * beneficiary nothing is held about is refused; the audit chain stays whole.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { verifyAuditChain } from "@/lib/domain/audit";
import { decideErasure, requestErasure } from "@/lib/domain/erasures";
import { DomainError } from "@/lib/domain/errors";
import { eventBody } from "@/lib/domain/webhooks";
import { sendThrough, servingChannel } from "../../support/money/money-setup";
import { openOwnDatabase } from "../../support/server/own-database";
import { userActor } from "../../support/users/actors";

const database = openOwnDatabase();
const ASKER = userActor(["administrator"], "admin-asks");
const APPROVER = userActor(["administrator"], "admin-approves");
const PEOPLE = ["M-1", "M-2", "M-3"] as const;

type Step =
  | { kind: "send"; who: Array<(typeof PEOPLE)[number]>; amount: number }
  | { kind: "erase"; who: (typeof PEOPLE)[number] };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("send" as const),
    who: fc.uniqueArray(fc.constantFrom(...PEOPLE), { minLength: 1, maxLength: 3 }),
    amount: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ kind: fc.constant("erase" as const), who: fc.constantFrom(...PEOPLE) }),
);

interface Modelled {
  requestId: string;
  beneficiaryId: string;
  phone: string;
  amountMinor: bigint;
  erased: boolean;
}

describe("erasure against a model", () => {
  it("reads back exactly the values of beneficiaries not erased since, and never moves money", async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        round += 1;
        const setup = await servingChannel(undefined, "EUR", 1e6);
        // Ids of this run only: a program of its own, beneficiaries named per run.
        const idOf = (who: string) => `${who}-run${round}`;
        const model: Modelled[] = [];
        let sends = 0;
        for (const s of steps) {
          if (s.kind === "send") {
            sends += 1;
            const rows = s.who.map((who, n) => ({
              beneficiaryId: idOf(who),
              amount: s.amount + n,
              options: { phone: `+38050${round}${sends}${n}0000`.slice(0, 13) },
            }));
            const sent = await sendThrough(setup, `Model send ${sends}`, rows);
            for (const row of rows)
              model.push({
                requestId: sent.deliveryRequestId,
                beneficiaryId: row.beneficiaryId,
                phone: row.options.phone,
                amountMinor: BigInt(row.amount * 100),
                erased: false,
              });
          } else {
            const held = model.some((m) => m.beneficiaryId === idOf(s.who) && !m.erased);
            const asked = requestErasure(ASKER, { beneficiaryId: idOf(s.who), reference: `DSR-${round}` });
            if (!held) {
              await expect(asked).rejects.toBeInstanceOf(DomainError);
              continue;
            }
            const { erasureRequestId } = await asked;
            expect(await decideErasure(APPROVER, { erasureRequestId, decision: "approve" })).toEqual({
              state: "ERASED",
              deliveriesErased: model.filter((m) => m.beneficiaryId === idOf(s.who) && !m.erased).length,
            });
            for (const m of model) if (m.beneficiaryId === idOf(s.who)) m.erased = true;
          }
          await checkAgainst(model, setup.programId);
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
    expect((await verifyAuditChain()).problems).toEqual([]);
  }, 240_000);
});

async function checkAgainst(model: Modelled[], programId: string) {
  const db = database.db();
  for (const requestId of new Set(model.map((m) => m.requestId))) {
    const event = await db.outboxEvent.findFirstOrThrow({ where: { deliveriesOf: requestId } });
    const items = JSON.parse(await eventBody(event)).delivery as Array<{
      beneficiaryId: string;
      amount: number;
      deliveryOptions: Array<{ key: string; value: string }>;
    }>;
    const expected = model
      .filter((m) => m.requestId === requestId)
      .map((m) =>
        m.erased
          ? { erased: true, amount: Number(m.amountMinor) / 100, options: [] }
          : {
              beneficiaryId: m.beneficiaryId,
              amount: Number(m.amountMinor) / 100,
              options: [{ key: "phone", value: m.phone }],
            },
      );
    const seen = items.map((item) =>
      item.beneficiaryId.startsWith("erased-")
        ? { erased: true, amount: item.amount, options: item.deliveryOptions }
        : { beneficiaryId: item.beneficiaryId, amount: item.amount, options: item.deliveryOptions },
    );
    const key = (value: unknown) => JSON.stringify(value);
    expect(seen.map(key).sort()).toEqual(expected.map(key).sort());
  }
  // The accounts: every amount is still there, and the program's reservation is their sum.
  const total = model.reduce((sum, m) => sum + m.amountMinor, 0n);
  const account = await db.budgetAccount.findFirstOrThrow({ where: { programId } });
  expect(account.reservedMinor).toBe(total);
}
