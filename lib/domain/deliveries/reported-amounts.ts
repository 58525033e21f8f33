/**
 * What Delivery/Sync's deliveryAmount and deliveryUnit mean (issue 32): the amount the provider
 * actually delivered, in the delivery's unit. A delivery reported delivered with 40 of 100.00 counts
 * 40 delivered and gives the other 60 back to the budgets; no amount means the whole amount (the
 * bodies sent before amounts meant anything keep working).
 *
 * Checked on every outcome that carries them, whatever its status: more than was sent, or another
 * unit, is a claim about the delivery that cannot be true, and the whole report is refused naming
 * the field (400), before anything is written.
 */
import { say } from "../../contract/validation-messages";
import { invalid } from "../errors";
import { formatAmount, toMinor } from "../money";

export const DELIVERED_STATUSES: ReadonlySet<string> = new Set(["DELIVERED", "DELIVERY_COLLECTED"]);

export interface ReportedAmount {
  status: string;
  deliveryAmount?: number | null;
  deliveryUnit?: string | null;
}

/** The delivery an outcome names, as far as its amount is checked: what was sent, in which unit. */
interface ReportedDelivery {
  amountMinor: bigint;
  deliveryRequest: { unit: string };
}

/** A unit as the provider may spell it: ISO codes and commodity units are not case-sensitive. */
const sameUnit = (reported: string, sent: string) =>
  reported.trim().toLocaleUpperCase("en") === sent.toLocaleUpperCase("en");

/**
 * The amount the report says was delivered, in minor units: the reported amount, else the whole
 * amount sent. `index` names the outcome in the report's list (deliveryList[index]).
 */
export function deliveredAmountOf(report: ReportedAmount, delivery: ReportedDelivery, index: number): bigint {
  const field = (name: string) => `deliveryList[${index}].${name}`;
  const { unit } = delivery.deliveryRequest;
  if (report.deliveryUnit && !sameUnit(report.deliveryUnit, unit))
    throw invalid(field("deliveryUnit"), say("deliveryUnitIsNotSent", { unit }));
  if (report.deliveryAmount === null || report.deliveryAmount === undefined) return delivery.amountMinor;
  // The contract's schema has refused negative amounts and more than two decimals already.
  const amountMinor = toMinor(report.deliveryAmount);
  if (amountMinor > delivery.amountMinor)
    throw invalid(
      field("deliveryAmount"),
      say("deliveredMoreThanSent", { sent: formatAmount(delivery.amountMinor, unit) }),
    );
  if (amountMinor === 0n && DELIVERED_STATUSES.has(report.status))
    throw invalid(field("deliveryAmount"), say("deliveredNothing"));
  return amountMinor;
}
