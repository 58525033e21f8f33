/**
 * The money model's settling of a statement's break (issue 32, item 5): one of the open breaks the
 * uploads left (UploadStatement), settled by an adjustment of a kind the break allows, proposed by one
 * finance approver and approved by another. The model moves the money as the issue says each kind
 * does — a write-off reverts a pending delivery, accepting the provider's amount counts it delivered
 * at the file's amount — and the budgets must agree. A re-send's new request is the domain test's
 * (tests/domain/reconciliation/break-adjustments.test.ts): the model's sends are its own.
 */
import fc from "fast-check";
import { db } from "../../../lib/db";
import {
  adjustmentsFor,
  approveAdjustment,
  breakNow,
  proposeAdjustment,
} from "../../../lib/domain/reconciliation";
import { userActor } from "../users/actors";
import { applyOutcome, type Model, type Real } from "./money-model";

const PROPOSER = userActor(["finance_approver"], "model-proposer");
const APPROVER = userActor(["finance_approver"], "model-approver");

export class SettleBreak implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly kindPick: number,
    readonly verify: (m: Model, real: Real) => Promise<void>,
  ) {}
  check = (m: Readonly<Model>) => m.deliveries.length > 0;
  async run(m: Model, real: Real) {
    const open = await db().statementBreak.findMany({
      where: {
        settledAt: null,
        upload: { providerId: { in: real.channels.map((channel) => channel.providerId) } },
        adjustments: { none: { state: "PENDING_APPROVAL" } },
      },
      orderBy: { id: "asc" },
      select: { id: true },
    });
    if (open.length === 0) return this.verify(m, real);
    const brk = (await breakNow(db(), open[this.pick % open.length]!.id))!;
    const kinds = adjustmentsFor(brk).filter((kind) => kind !== "RESEND");
    const kind = kinds[this.kindPick % kinds.length]!;
    const { adjustmentId } = await proposeAdjustment(PROPOSER, { breakId: brk.id, kind, reason: "model" });
    await approveAdjustment(APPROVER, adjustmentId);
    const delivery = m.deliveries.find((candidate) => candidate.id === brk.deliveryId);
    if (delivery?.state === "pending") {
      if (kind === "WRITE_OFF") applyOutcome(m, delivery, "DELIVERY_REVERTED", 0n);
      else applyOutcome(m, delivery, "DELIVERED", brk.fileAmountMinor!);
    }
    await this.verify(m, real);
  }
  toString = () => `SettleBreak(${this.pick}, ${this.kindPick})`;
}

export const settleBreak = (verify: (m: Model, real: Real) => Promise<void>) =>
  fc.tuple(fc.nat(), fc.nat()).map(([pick, kindPick]) => new SettleBreak(pick, kindPick, verify));
