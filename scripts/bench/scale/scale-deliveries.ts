/**
 * Deliveries at scale, in delivery requests of one program to one channel. The program, its channel
 * and the first request go through the product itself (createProgram, addChannelToProgram,
 * sendDeliveryRequest: budget accounts, reservation, event, audit). The rest are written in bulk as
 * writeRequest (lib/domain/deliveries/send-delivery-request.ts) writes them, with the product's row builders
 * (batchFingerprint, optionPairs, toMinor): the request, its deliveries, the program budget's RESERVED
 * movement and reserved total, and the chained delivery_request.created audit entry. Not written: the
 * DELIVERY_REQUEST_SENT outbox events (a queue for the webhook worker; at 10 million deliveries
 * about 2 GB of payloads). Streaming: one transaction of TX_REQUESTS requests at a time.
 */
import { randomUUID } from "node:crypto";
import { db } from "../../../lib/db";
import type { UnchainedAuditRow } from "../../../lib/db/audit-chain";
import { auditRow } from "../../../lib/domain/audit";
import { parseContent } from "../../../lib/domain/channels";
import {
  batchFingerprint,
  type NewDelivery,
  optionPairs,
  sendDeliveryRequest,
} from "../../../lib/domain/deliveries";
import { toMinor } from "../../../lib/domain/money";
import type { Actor } from "../../../lib/domain/permissions";
import { addChannelToProgram, createProgram } from "../../../lib/domain/programs";
import type { Progress } from "../progress";
import { appendSeededAudit } from "./scale-audit";
import type { Column, Raw } from "./scale-sql";

/** Deliveries per request (the product allows up to 10,000). */
export const REQUEST_SIZE = 1_000;
const TX_REQUESTS = 20;

export interface DeliveryTarget {
  programId: string;
  channelId: string;
  providerId: string;
  budgetAccountId: string;
  options: ReturnType<typeof parseContent>["deliveryOptions"];
  actor: Actor;
}

const REQUEST_COLUMNS: readonly Column[] = [
  ["id", "text"],
  ["programId", "text"],
  ["channelId", "text"],
  ["budgetAccountId", "text"],
  ["description", "text"],
  ["unit", "text"],
  ["totalMinor", "bigint"],
  ["deliveryCount", "int"],
  ["createdBy", "text"],
  ["createdAt", "timestamp"],
  ["idempotencyKey", "text"],
  ["fingerprint", "text"],
  ["approvalState", "text"],
  ["approvalsRequired", "int"],
];
const DELIVERY_COLUMNS: readonly Column[] = [
  ["id", "text"],
  ["deliveryRequestId", "text"],
  ["beneficiaryId", "text"],
  ["amountMinor", "bigint"],
  ["options", "text"],
  ["status", "text"],
  ["updatedAt", "timestamp"],
];
const MOVEMENT_COLUMNS: readonly Column[] = [
  ["id", "text"],
  ["accountId", "text"],
  ["at", "timestamp"],
  ["kind", "text"],
  ["amountMinor", "bigint"],
  ["reservedAfterMinor", "bigint"],
  ["deliveryRequestId", "text"],
];

/** The n-th send's deliveries: distinct beneficiaries, amounts of 5–50 EUR, the channel's phone option. */
export function deliveriesOf(n: number, size: number): NewDelivery[] {
  return Array.from({ length: size }, (_, k) => ({
    beneficiaryId: `BEN-${n}-${k}`,
    amount: 5 + ((n * 7 + k) % 46),
    options: { phone: `+359888${String((n * REQUEST_SIZE + k) % 1_000_000).padStart(6, "0")}` },
  }));
}

/** The program and its channel, through the product's own functions (the program's budget account with it). */
export async function setUpDeliveries(
  actor: Actor,
  providerId: string,
  channelId: string,
): Promise<DeliveryTarget> {
  const program = await createProgram(actor, {
    name: "Scale winter assistance",
    description: "bench:scale",
    unit: "EUR",
    virtualBudget: 1e12,
  });
  await addChannelToProgram(actor, program.id, channelId);
  const account = await db().budgetAccount.findUniqueOrThrow({ where: { programId: program.id } });
  const channel = await db().channel.findUniqueOrThrow({ where: { id: channelId } });
  const options = parseContent(channel.approvedContent ?? channel.requestedContent).deliveryOptions;
  return { programId: program.id, channelId, providerId, budgetAccountId: account.id, options, actor };
}

/** The first send goes through sendDeliveryRequest itself (validation, reservation, event, audit). */
async function firstSend(target: DeliveryTarget, size: number) {
  await sendDeliveryRequest(target.actor, {
    programId: target.programId,
    channelId: target.channelId,
    description: "Send 0",
    deliveries: deliveriesOf(0, size),
    idempotencyKey: randomUUID(),
  });
}

async function reservedNow(raw: Raw, accountId: string): Promise<number> {
  const [row] = await raw.all<{ reserved: number | string }>(
    'SELECT "reservedMinor" AS "reserved" FROM "BudgetAccount" WHERE "id" = ?',
    [accountId],
  );
  return Number(row?.reserved ?? 0);
}

/**
 * When the n-th seeded send was sent: a hundred a day from 2026-01-01, so that a day holds 100,000
 * deliveries (a provider's statement of a day, issue 32) and ten million span a hundred days, as a
 * real history does. Its budget movement carries the same instant (statements tie out to them).
 */
export const SENDS_PER_DAY = 100;
export const FIRST_SEND_DAY = "2026-01-01";
export const sentAt = (n: number) =>
  new Date(Date.parse(`${FIRST_SEND_DAY}T00:00:00Z`) + n * (86_400_000 / SENDS_PER_DAY));

/** Writes sends number `first` to `last` - 1 in one transaction. */
async function writeSends(raw: Raw, target: DeliveryTarget, first: number, last: number, size: number) {
  const now = new Date();
  const createdBy = target.actor.personId ?? target.actor.id;
  let reserved = await reservedNow(raw, target.budgetAccountId);
  const requests: (string | number | Date)[][] = [];
  const deliveries: (string | number | Date)[][] = [];
  const movements: (string | number | Date)[][] = [];
  const audits: UnchainedAuditRow[] = [];
  for (let n = first; n < last; n++) {
    const sent = deliveriesOf(n, size);
    const id = randomUUID();
    const amounts = sent.map((delivery) => toMinor(delivery.amount));
    const total = Number(amounts.reduce((sum, amount) => sum + amount, 0n));
    reserved += total;
    requests.push([
      id,
      target.programId,
      target.channelId,
      target.budgetAccountId,
      `Send ${n}`,
      "EUR",
      total,
      size,
      createdBy,
      sentAt(n),
      randomUUID(),
      await batchFingerprint(sent),
      "SENT",
      0,
    ]);
    sent.forEach((delivery, k) => {
      const options = JSON.stringify(optionPairs(delivery.options, target.options ?? []));
      deliveries.push([
        randomUUID(),
        id,
        delivery.beneficiaryId,
        Number(amounts[k]),
        options,
        "DELIVERY_PENDING",
        sentAt(n),
      ]);
    });
    movements.push([randomUUID(), target.budgetAccountId, sentAt(n), "RESERVED", total, reserved, id]);
    audits.push(
      auditRow(
        target.actor,
        {
          action: "delivery_request.created",
          subjectType: "DeliveryRequest",
          subjectId: id,
          detail: { programId: target.programId, channelId: target.channelId, deliveries: size },
          after: { approvalState: "SENT", approvalsRequired: 0, totalMinor: total, unit: "EUR" },
        },
        now,
      ),
    );
  }
  await raw.transaction(async () => {
    await raw.insert("DeliveryRequest", REQUEST_COLUMNS, requests);
    await raw.insert("Delivery", DELIVERY_COLUMNS, deliveries);
    await raw.insert("BudgetMovement", MOVEMENT_COLUMNS, movements);
    await raw.run('UPDATE "BudgetAccount" SET "reservedMinor" = ?, "updatedAt" = ? WHERE "id" = ?', [
      reserved,
      now,
      target.budgetAccountId,
    ]);
    await appendSeededAudit(raw, audits);
  });
}

/**
 * Adds deliveries until the program holds `to` (it holds `from`): sends of REQUEST_SIZE, the last
 * one smaller if need be.
 */
export async function seedDeliveries(
  raw: Raw,
  target: DeliveryTarget,
  from: number,
  to: number,
  bar: Progress,
) {
  let held = from;
  if (held === 0 && to > 0) {
    held = Math.min(REQUEST_SIZE, to);
    await firstSend(target, held);
    bar.add(held);
  }
  let send = Math.ceil(held / REQUEST_SIZE);
  while (held < to) {
    const full = Math.min(TX_REQUESTS, Math.floor((to - held) / REQUEST_SIZE));
    const [count, size] = full > 0 ? [full, REQUEST_SIZE] : [1, to - held];
    await writeSends(raw, target, send, send + count, size);
    held += count * size;
    send += count;
    bar.add(count * size);
  }
}
