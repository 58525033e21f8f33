/**
 * The letter that tells finance approvers an adjustment of a statement's break awaits their approval
 * (issue 32, item 5): which break, what it would do, how many approvals it needs, and its page.
 */
import type { AdjustmentKind } from "../../contract/reconciliation/break-adjustment-schema";
import type { Tx } from "../../db";
import { type LetterIn, type Money, portalLink, writer } from "./letters";
import { queueMail, usersWithRole } from "./mail";

export const adjustmentAwaitingLetter =
  (adjustment: {
    kind: AdjustmentKind;
    providerName: string;
    /** The break's delivery id, or the file's reference or line. */
    what: string;
    amount: Money;
    approvalsRequired: number;
    path: string;
  }): LetterIn =>
  (locale) => {
    const { t, format, letter } = writer(locale);
    const values = {
      what: adjustment.what,
      providerName: adjustment.providerName,
      amount: format.amount(adjustment.amount.minor, adjustment.amount.unit),
      adjustment: t(`adjustmentAwaiting.kinds.${adjustment.kind}`),
    };
    return letter(
      t("adjustmentAwaiting.subject", values),
      [
        t("adjustmentAwaiting.body", values),
        t("adjustmentAwaiting.approvals", { approvals: adjustment.approvalsRequired }),
        "",
        t("adjustmentAwaiting.link", { link: portalLink(adjustment.path) }),
      ],
      true,
      { path: adjustment.path },
    );
  };

/** Tells the finance approvers, but its proposer, of an adjustment awaiting them (a payment's kind of mail). */
export async function notifyAdjustmentAwaiting(
  tx: Tx,
  adjustment: Parameters<typeof adjustmentAwaitingLetter>[0],
  proposerId: string,
) {
  const approvers = await usersWithRole(tx, "finance_approver", proposerId);
  await queueMail(tx, "payment_awaiting", approvers, adjustmentAwaitingLetter(adjustment));
}
