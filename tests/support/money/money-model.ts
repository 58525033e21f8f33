/**
 * The model of tests/domain/deliveries/money-model.test.ts and what does not need the database:
 * its state, what a send does to it, and the provider's reported outcomes (issue 32: whole, partial,
 * and amounts or units the service must refuse).
 */
import fc from "fast-check";
import { inject } from "vitest";
import type { DELIVERY_STATUSES } from "../../../lib/contract/sync-reports";
import { sendDeliveryRequest } from "../../../lib/domain/deliveries";
import { MANAGER } from "../users/actors";

export const CHANNEL_LIMIT = 6000n;
export const PROGRAM_LIMIT = 10000n;

export type State = "pending" | "delivered" | "reverted";
export interface ModelDelivery {
  id: string;
  channel: number;
  amount: bigint;
  /** What the provider reported delivered, once it counted as delivered. */
  delivered?: bigint;
  state: State;
  refundRequested: boolean;
  /** The model day its request was sent on (model-days.ts). */
  day: number;
  /** An outcome or refund reached it after its period was closed: one of the period's exceptions. */
  exception?: boolean;
}
export interface SendInput {
  channel: number;
  rows: Array<{ ben: number; minor: number }>;
  confirm: boolean;
}
export interface Model {
  reserved: { channel: bigint; program: bigint }; // channel 0's own budget, the program's
  deliveries: ModelDelivery[];
  sends: Array<{ input: SendInput; key: string; requestId: string }>;
  batches: Array<{ channel: number; fingerprint: string }>;
  /** An instant after each step: where the statements' periods start (issue 32, item 2). */
  cuts: Date[];
  /** The model day sends are dated to now; the periods closed, as periodKey (model-days.ts). */
  day: number;
  closed: Set<string>;
}
export interface Real {
  programId: string;
  programAccountId: string;
  channels: Array<{ channelId: string; apiKey: string; providerId: string }>;
}

export const fingerprint = (input: SendInput) =>
  input.rows
    .map((row) => `${row.ben}|${row.minor}`)
    .sort()
    .join(",");

export function sendOf(real: Real, input: SendInput, key: string) {
  return sendDeliveryRequest(MANAGER, {
    programId: real.programId,
    channelId: real.channels[input.channel]!.channelId,
    description: "Model",
    deliveries: input.rows.map((row) => ({
      beneficiaryId: `B${row.ben}`,
      amount: row.minor / 100,
      options: { phone: "+359 888 123" },
    })),
    idempotencyKey: key,
    confirmDuplicate: input.confirm,
  });
}

/** What the model says a new send does: the refusal it expects, or null when accepted. */
export function expectedRefusal(m: Model, input: SendInput): RegExp | null {
  if (
    !input.confirm &&
    m.batches.some((b) => b.channel === input.channel && b.fingerprint === fingerprint(input))
  )
    return /An identical batch/;
  const total = input.rows.reduce((sum, row) => sum + BigInt(row.minor), 0n);
  if (input.channel === 0 && m.reserved.channel + total > CHANNEL_LIMIT) return /^The channel budget of/;
  if (m.reserved.program + total > PROGRAM_LIMIT) return /^The Program Virtual Budget/;
  return null;
}

export const post = (path: string, key: string, body: unknown) =>
  fetch(`${inject("baseUrl")}${path}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/**
 * What an outcome says was delivered: nothing (the whole amount), a share of what was sent (in
 * per mille, 0 included), more than was sent, or the amount in another unit.
 */
export type ReportedAmount = { share: number } | { over: true } | { unit: string } | null;
export interface SyncItem {
  index: number;
  status: (typeof DELIVERY_STATUSES)[number];
  amount: ReportedAmount;
}
export const DELIVERED = new Set(["DELIVERED", "DELIVERY_COLLECTED"]);

/** The report's item as sent, and whether the service must refuse it (400). */
export function reported(delivery: ModelDelivery, { status, amount }: SyncItem) {
  const item = { deliveryId: delivery.id, status };
  if (amount === null) return { item, minor: delivery.amount, refused: false };
  if ("over" in amount)
    return {
      item: { ...item, deliveryAmount: Number(delivery.amount + 1n) / 100 },
      minor: 0n,
      refused: true,
    };
  if ("unit" in amount)
    return {
      item: { ...item, deliveryAmount: Number(delivery.amount) / 100, deliveryUnit: amount.unit },
      minor: delivery.amount,
      refused: amount.unit.toUpperCase() !== "EUR",
    };
  const minor = (delivery.amount * BigInt(amount.share)) / 1000n;
  return {
    item: { ...item, deliveryAmount: Number(minor) / 100, deliveryUnit: "EUR" },
    minor,
    refused: minor === 0n && DELIVERED.has(status),
  };
}

export const sendInput = fc.record({
  channel: fc.integer({ min: 0, max: 1 }),
  rows: fc.array(
    fc.record({ ben: fc.integer({ min: 0, max: 2 }), minor: fc.integer({ min: 100, max: 4000 }) }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
  confirm: fc.boolean(),
});
// Mostly a plain outcome or a share of the amount; now and then one the service must refuse.
export const reportedAmount: fc.Arbitrary<ReportedAmount> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 1000 }).map((share) => ({ share })) },
  { weight: 1, arbitrary: fc.constant({ over: true as const }) },
  { weight: 1, arbitrary: fc.constantFrom("eur", "USD", "kg").map((unit) => ({ unit })) },
);

/** Gives `minor` back to the budgets the delivery's request reserved against. */
function release(m: Model, delivery: ModelDelivery, minor: bigint) {
  if (delivery.channel === 0) m.reserved.channel -= minor;
  m.reserved.program -= minor;
}

export const periodKey = (channel: number, day: number) => `${channel}|${day}`;

/** Marks a change to a delivery of a closed period: the close lists it, its statement does not move. */
export function noteChange(m: Model, delivery: ModelDelivery) {
  if (m.closed.has(periodKey(delivery.channel, delivery.day))) delivery.exception = true;
}

export function applyOutcome(m: Model, delivery: ModelDelivery, status: string, minor: bigint) {
  if (status === "DELIVERY_REVERTED" && delivery.state !== "reverted") {
    release(m, delivery, delivery.delivered ?? delivery.amount);
    delivery.state = "reverted";
    noteChange(m, delivery);
  } else if (DELIVERED.has(status) && delivery.state === "pending") {
    delivery.state = "delivered";
    delivery.delivered = minor;
    release(m, delivery, delivery.amount - minor);
    noteChange(m, delivery);
  }
}
