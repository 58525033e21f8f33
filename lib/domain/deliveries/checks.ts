/**
 * What makes one delivery valid for a channel (its delivery options' required flags, length bounds
 * and regex), the columns a send's rows have for them, the option values an event carries, and a
 * batch's fingerprint for finding an identical batch sent before.
 */

import { createHash } from "node:crypto";
import type { ChannelBody } from "../../contract/channel";
import { MAX_BENEFICIARY_ID_LENGTH } from "../../contract/delivery-limits";
import { compileProviderRegex } from "../../contract/provider-regex";
import { say, type ValidationKey } from "../../contract/validation-messages";
import { isTombstone } from "../beneficiary-data";
import { hasAtMostTwoDecimals, MAX_AMOUNT } from "../money";

export type DeliveryOption = NonNullable<ChannelBody["deliveryOptions"]>[number];

export interface NewDelivery {
  beneficiaryId: string;
  amount: number;
  /** fieldName → value, for the channel's delivery options. */
  options: Record<string, string>;
}

/** A column of a send's rows (the form's and the CSV file's) for one delivery option. */
export interface OptionColumn {
  /** The fieldName: the key in the event and the CSV header. */
  name: string;
  /** The provider's fieldLabel, shown to people. */
  label: string;
  required: boolean;
  /** What the value is for, as the provider states it (issue 36, item 5); absent when it has not. */
  purpose?: string;
}

export const optionColumns = (
  options: DeliveryOption[],
  purposes: Record<string, string> = {},
): OptionColumn[] =>
  options.map((option) => ({
    name: option.fieldName,
    label: option.fieldLabel || option.fieldName,
    required: option.isRequired,
    ...(purposes[option.fieldName] ? { purpose: purposes[option.fieldName] } : {}),
  }));

/**
 * Each problem a delivery can have, and the same said of the delivery by its position in a request
 * ("Delivery 3: phone does not match ^[0-9]+$"): whole sentences for the translators.
 */
const AT_DELIVERY = {
  required: "deliveryFieldRequired",
  mustBeAtMostCharacters: "deliveryFieldMustBeAtMostCharacters",
  mustBeAtLeastCharacters: "deliveryFieldMustBeAtLeastCharacters",
  mustBeMoreThan0: "deliveryFieldMustBeMoreThan0",
  mustBeNumberWithTwoDecimals: "deliveryFieldMustBeNumberWithTwoDecimals",
  notDeliveryOptionOfChannel: "deliveryFieldNotDeliveryOptionOfChannel",
  doesNotMatch: "deliveryFieldDoesNotMatch",
  cannotBeCheckedRegex: "deliveryFieldCannotBeCheckedRegex",
  reservedForErased: "deliveryFieldReservedForErased",
} as const satisfies Partial<Record<ValidationKey, ValidationKey>>;

type Problem = { key: keyof typeof AT_DELIVERY; values?: Record<string, string | number> };

/** What is wrong with one delivery (field → message); empty when it is valid. */
export function deliveryProblems(delivery: NewDelivery, options: DeliveryOption[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problemsOf(delivery, options)).map(([field, { key, values }]) => [
      field,
      say(key, values),
    ]),
  );
}

/** A delivery's first problem, said of the delivery by its position (`index` counts from 0); none when valid. */
export function firstDeliveryProblem(
  delivery: NewDelivery,
  options: DeliveryOption[],
  index: number,
): { field: string; message: string } | undefined {
  const [first] = Object.entries(problemsOf(delivery, options));
  if (!first) return undefined;
  const [field, { key, values }] = first;
  return { field, message: say(AT_DELIVERY[key], { ...values, number: index + 1, field }) };
}

function problemsOf(delivery: NewDelivery, options: DeliveryOption[]): Record<string, Problem> {
  const problems: Record<string, Problem> = {};
  if (!delivery.beneficiaryId.trim()) problems.beneficiaryId = { key: "required" };
  else if (delivery.beneficiaryId.length > MAX_BENEFICIARY_ID_LENGTH)
    problems.beneficiaryId = { key: "mustBeAtMostCharacters", values: { max: MAX_BENEFICIARY_ID_LENGTH } };
  // Pages show an erased beneficiary's tombstone as it is (it names nobody): no live id may look like one.
  else if (isTombstone(delivery.beneficiaryId)) problems.beneficiaryId = { key: "reservedForErased" };
  // Not a number at all ("abc" in a file, an empty field) is not "not more than 0".
  if (Number.isNaN(delivery.amount)) problems.amount = { key: "mustBeNumberWithTwoDecimals" };
  else if (!(delivery.amount > 0)) problems.amount = { key: "mustBeMoreThan0" };
  else if (!hasAtMostTwoDecimals(delivery.amount) || delivery.amount > MAX_AMOUNT)
    problems.amount = { key: "mustBeNumberWithTwoDecimals" };
  const known = new Set(options.map((option) => option.fieldName));
  for (const key of Object.keys(delivery.options)) {
    if (!known.has(key)) problems[key] = { key: "notDeliveryOptionOfChannel" };
  }
  for (const option of options) {
    const problem = optionProblem(option, delivery.options[option.fieldName] ?? option.defaultValue ?? "");
    if (problem) problems[option.fieldName] = problem;
  }
  return problems;
}

function optionProblem(option: DeliveryOption, value: string): Problem | undefined {
  if (!value) return option.isRequired ? { key: "required" } : undefined;
  if (option.fieldMinLength !== undefined && value.length < option.fieldMinLength) {
    return { key: "mustBeAtLeastCharacters", values: { min: option.fieldMinLength } };
  }
  if (option.fieldMaxLength !== undefined && value.length > option.fieldMaxLength) {
    return { key: "mustBeAtMostCharacters", values: { max: option.fieldMaxLength } };
  }
  if (option.validationRegex) {
    // Linear-time engine: a provider's pattern cannot stall the server (ReDoS).
    const regex = compileProviderRegex(option.validationRegex);
    // The reason is provider-regex.ts's own words (English).
    if (!regex.ok) return { key: "cannotBeCheckedRegex", values: { reason: regex.reason } };
    if (!regex.test(value)) return { key: "doesNotMatch", values: { pattern: option.validationRegex } };
  }
  return undefined;
}

/** Every option of the channel as {key, value}, in the channel's order, defaults filled in. */
export function optionPairs(values: Record<string, string>, options: DeliveryOption[]) {
  return options.map((option) => ({
    key: option.fieldName,
    value: values[option.fieldName] ?? option.defaultValue ?? "",
  }));
}

/**
 * A send's deliveries as the domain reads them: a batch at a time (`slice`), so that a send's
 * work holds a bounded number of delivery objects however many it sends. An array is one; the
 * platform API's send is a list read from its body's text an item at a time
 * (lib/api/json-list-body.ts), which never holds the whole list parsed (issue 35).
 */
export interface DeliveryList {
  readonly length: number;
  slice(start: number, end: number): NewDelivery[];
}

/** Deliveries handled at a time by whatever reads a whole send. */
export const DELIVERY_BATCH = 500;

/**
 * Calls `use` with each batch of the list and the index of its first delivery, in order; other
 * requests take their turn between batches (a send of 10,000 once held the event loop for seconds).
 */
export async function forEachBatch(
  list: DeliveryList,
  use: (batch: NewDelivery[], start: number) => void | Promise<void>,
) {
  for (let start = 0; start < list.length; start += DELIVERY_BATCH) {
    if (start > 0) await new Promise(setImmediate);
    await use(list.slice(start, start + DELIVERY_BATCH), start);
  }
}

/** What the fingerprint reads of one delivery: beneficiary, amount and its non-empty option values, sorted. */
function fingerprintRow(delivery: NewDelivery): string {
  return JSON.stringify([
    delivery.beneficiaryId.trim(),
    delivery.amount,
    Object.entries(delivery.options)
      .filter(([, value]) => value !== "")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ]);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Marks the fingerprints batchFingerprint gives, from those of sends stored before it (legacyFingerprint). */
export const FINGERPRINT_VERSION = "v2:";

/**
 * The same deliveries give the same fingerprint whatever their order: the hash of each delivery's
 * fingerprintRow, sorted. Computed from the input as sent, so a repeat can be recognised before it
 * is validated; holds 64 characters a delivery, not the deliveries.
 */
export async function batchFingerprint(list: DeliveryList): Promise<string> {
  const fingerprint = fingerprintBuilder();
  await forEachBatch(list, (batch) => {
    for (const delivery of batch) fingerprint.add(delivery);
  });
  return fingerprint.value();
}

/** batchFingerprint a delivery at a time, for a pass over the deliveries that does more (the send's check). */
export function fingerprintBuilder() {
  const rows: string[] = [];
  return {
    add: (delivery: NewDelivery) => void rows.push(sha256(fingerprintRow(delivery))),
    value: () => FINGERPRINT_VERSION + sha256(rows.sort().join("\n")),
  };
}

/**
 * The fingerprint of sends stored before FINGERPRINT_VERSION: the hash of the rows themselves,
 * sorted, which held every row's text at once. Only a send's repeat of one of those (within the 24 h
 * it is compared) computes it.
 */
export async function legacyFingerprint(list: DeliveryList): Promise<string> {
  const rows: string[] = [];
  await forEachBatch(list, (batch) => {
    for (const delivery of batch) rows.push(fingerprintRow(delivery));
  });
  return sha256(rows.sort().join("\n"));
}

/** Whether `stored` (either kind) is the fingerprint of `list`. */
export async function hasFingerprint(stored: string, list: DeliveryList): Promise<boolean> {
  const computed = stored.startsWith(FINGERPRINT_VERSION)
    ? await batchFingerprint(list)
    : await legacyFingerprint(list);
  return computed === stored;
}
