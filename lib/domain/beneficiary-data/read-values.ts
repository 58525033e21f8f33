/**
 * Who sees beneficiaries' values (their ids and delivery options), and the record that they did
 * (issue 36, items 2 and 3). A platform user sees them in clear only when their role holds `beneficiaries.values.read` (not reviewers nor
 * auditors) and they said why (a purpose of VALUE_PURPOSES); everyone else sees them masked. A
 * provider sees those of its own deliveries while they are pending, as it must pay them. Every read
 * that showed a value in clear writes an audit entry (`beneficiary.values_read`): who, which request,
 * which deliveries, why, when, so an auditor can ask who saw a beneficiary and what a user saw.
 */
import { isValuePurpose } from "../../contract/forms/beneficiary-data-forms";
import { db } from "../../db";
import { recordAudit } from "../audit";
import { type Actor, can } from "../permissions";
import { isTombstone } from "./beneficiary-ids";
import { dataKeysById } from "./data-keys";
import { maskValue } from "./mask";
import { openValue, sealingKeyId } from "./sealed-values";

export interface OptionPair {
  key: string;
  value: string;
}

/** How a read shows values: all in clear, all masked, or (a provider) in clear while pending. */
export type ValueView = "clear" | "masked" | "pending";

/** A provider's purpose, recorded for its reads: it pays the deliveries. */
const PROVIDER_PURPOSE = "provider_payment";

/** How `actor` may see values when asking with `purpose` (a page's or the API's, unchecked). */
export function valueViewOf(actor: Actor, purpose: unknown): ValueView {
  if (actor.providerId) return "pending";
  return isValuePurpose(purpose) && can(actor, "beneficiaries.values.read") ? "clear" : "masked";
}

/**
 * Whether `actor` may learn who a request's beneficiaries are, short of their values: read the free
 * text that may name them (refund and rejection reasons) and find a row by a whole id (which
 * confirms a guess). The roles that may see values, without a purpose: those who decide on payments
 * must read why.
 */
export const mayKnowBeneficiaries = (actor: Actor) => can(actor, "beneficiaries.values.read");

/** Whether a delivery of `status` shows its values in clear under `view`. */
export const showsClear = (view: ValueView, status: string) =>
  view === "clear" || (view === "pending" && status === "DELIVERY_PENDING");

/**
 * A delivery's beneficiary id (opened) as `view` shows it: the id identifies a person, so it is a
 * value like the others (issue 36, item 2); a tombstone names nobody and shows as it is.
 */
export const idAsShown = (view: ValueView, beneficiaryId: string, status = "") =>
  showsClear(view, status) || isTombstone(beneficiaryId) ? beneficiaryId : maskValue(beneficiaryId);

/** `pairs` as `view` shows them for a delivery of `status`. */
export const pairsAsShown = (pairs: OptionPair[], view: ValueView, status: string): OptionPair[] =>
  showsClear(view, status) ? pairs : pairs.map((pair) => ({ ...pair, value: maskValue(pair.value) }));

/**
 * The option values of each delivery (by id) as `view` shows them; null for an erased beneficiary's.
 */
export async function deliveryValues(
  rows: Array<{ id: string; options: string; status: string }>,
  view: ValueView,
): Promise<Map<string, OptionPair[] | null>> {
  const keys = await dataKeysById(
    db(),
    rows.flatMap((row) => sealingKeyId(row.options) ?? []),
  );
  const values = new Map<string, OptionPair[] | null>();
  for (const row of rows) {
    const opened = openValue(keys, row.options);
    values.set(
      row.id,
      opened === null ? null : pairsAsShown(JSON.parse(opened) as OptionPair[], view, row.status),
    );
  }
  return values;
}

/**
 * Records that `actor` saw in clear the values of one delivery request's deliveries — those named, or
 * all of them (a whole event) — nothing when the view showed none in clear: the access entry.
 */
export async function recordValuesRead(
  actor: Actor,
  read: {
    deliveryRequestId: string;
    deliveries: string[] | "all";
    purpose: unknown;
    view: ValueView;
    through: string;
  },
) {
  if (read.view === "masked" || read.deliveries.length === 0) return;
  const purpose = read.view === "pending" ? PROVIDER_PURPOSE : String(read.purpose);
  await db().$transaction((tx) =>
    recordAudit(tx, actor, {
      action: "beneficiary.values_read",
      subjectType: "DeliveryRequest",
      subjectId: read.deliveryRequestId,
      detail: {
        purpose,
        through: read.through,
        ...(read.deliveries === "all" ? { allDeliveries: true } : { deliveryIds: read.deliveries }),
      },
    }),
  );
}

/**
 * An opener of sealed free texts (refund reasons), their keys read once: a text in clear, or null
 * when it is null or its beneficiary was erased.
 */
export async function textOpener(
  stored: Array<string | null | undefined>,
): Promise<(text: string | null) => string | null> {
  const keys = await dataKeysById(
    db(),
    stored.flatMap((text) => (text ? (sealingKeyId(text) ?? []) : [])),
  );
  return (text) => (text === null ? null : openValue(keys, text));
}
