/**
 * Delivery requests: a program manager sends beneficiaries' deliveries to an approved channel. One
 * transaction reserves the total against the budget that applies (lib/domain/budgets.ts), writes the
 * request and its deliveries, and queues DELIVERY_REQUEST_SENT; a refused request leaves nothing.
 * Refunds and the providers' sync reports (DeliveryRequest/Sync, Delivery/Sync) move budgets back.
 */
import { randomUUID } from "node:crypto";
import type { ChannelBody } from "../contract/channel";
import { type Tx, db, takeWriteLock } from "../db";
import { CURRENCIES } from "../contract/enums";
import { compileProviderRegex } from "../contract/provider-regex";
import { applicableBudget, markDelivered, release, reserve } from "./budgets";
import { MAX_DELIVERIES } from "./delivery-limits";
import { availabilityAllows } from "./eligibility";
import { conflict, invalid, notFound } from "./errors";
import { fromMinor, hasAtMostTwoDecimals, toMinor } from "./money";
import { notifyOutboxWritten } from "./outbox-signal";

type DeliveryOption = NonNullable<ChannelBody["deliveryOptions"]>[number];

export interface NewDelivery {
  beneficiaryId: string;
  amount: number;
  /** fieldName → value, for the channel's delivery options. */
  options: Record<string, string>;
}

export interface NewDeliveryRequest {
  programId: string;
  channelId: string;
  description: string;
  deliveries: NewDelivery[];
}

/** What is wrong with one delivery (field → message); empty when it is valid. */
export function deliveryProblems(delivery: NewDelivery, options: DeliveryOption[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!delivery.beneficiaryId.trim()) problems.beneficiaryId = "Required";
  else if (delivery.beneficiaryId.length > 128) problems.beneficiaryId = "must be at most 128 characters";
  if (!(delivery.amount > 0)) problems.amount = "must be more than 0";
  else if (!hasAtMostTwoDecimals(delivery.amount) || delivery.amount > 1e13)
    problems.amount = "must be a number with at most two decimals";
  const known = new Set(options.map((option) => option.fieldName));
  for (const key of Object.keys(delivery.options)) {
    if (!known.has(key)) problems[key] = "is not a delivery option of this channel";
  }
  for (const option of options) {
    const problem = optionProblem(option, delivery.options[option.fieldName] ?? option.defaultValue ?? "");
    if (problem) problems[option.fieldName] = problem;
  }
  return problems;
}

function optionProblem(option: DeliveryOption, value: string): string | undefined {
  if (!value) return option.isRequired ? "Required" : undefined;
  if (option.fieldMinLength !== undefined && value.length < option.fieldMinLength) {
    return `must be at least ${option.fieldMinLength} characters`;
  }
  if (option.fieldMaxLength !== undefined && value.length > option.fieldMaxLength) {
    return `must be at most ${option.fieldMaxLength} characters`;
  }
  if (option.validationRegex) {
    // Linear-time engine: a provider's pattern cannot stall the server (ReDoS).
    const regex = compileProviderRegex(option.validationRegex);
    if (!regex.ok) return `cannot be checked: the channel's validationRegex ${regex.reason}`;
    if (!regex.test(value)) return `does not match ${option.validationRegex}`;
  }
  return undefined;
}

async function servingChannel(tx: Tx, programId: string, channelId: string) {
  const link = await tx.programChannel.findUnique({
    where: { programId_channelId: { programId, channelId } },
    include: { program: true, channel: true },
  });
  if (!link) throw invalid("channelId", "The channel does not serve this program.");
  const { channel, program } = link;
  if (!channel.isApproved || channel.status !== "ONLINE") {
    throw invalid(
      "channelId",
      "The channel is not approved and ONLINE, so it cannot receive delivery requests.",
    );
  }
  const content = JSON.parse(channel.approvedContent!) as ChannelBody;
  // Eligibility with what a request knows: a program paying in a currency needs a channel that takes it.
  if (
    (CURRENCIES as readonly string[]).includes(program.unit) &&
    !availabilityAllows(content.availability, { currency: program.unit })
  ) {
    throw invalid("channelId", `The channel does not take ${program.unit}, the program's currency.`);
  }
  return { program, channel, content };
}

/** Sends a delivery request; refused (nothing written) when invalid or over budget. */
export async function sendDeliveryRequest(actorId: string, request: NewDeliveryRequest) {
  const description = request.description.trim();
  if (!description) throw invalid("description", "Enter a description");
  if (description.length > 500) throw invalid("description", "must be at most 500 characters");
  if (request.deliveries.length === 0) throw invalid("deliveries", "Add at least one delivery");
  if (request.deliveries.length > MAX_DELIVERIES)
    throw invalid("deliveries", `at most ${MAX_DELIVERIES} deliveries`);

  const sent = await db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    const { program, channel, content } = await servingChannel(tx, request.programId, request.channelId);
    const options = content.deliveryOptions ?? [];
    request.deliveries.forEach((delivery, index) => {
      const [field, message] = Object.entries(deliveryProblems(delivery, options))[0] ?? [];
      if (field) throw invalid(`deliveries[${index}].${field}`, `Delivery ${index + 1}: ${field} ${message}`);
    });
    const deliveries = request.deliveries.map((delivery) => ({
      id: randomUUID(),
      ...delivery,
      amountMinor: toMinor(delivery.amount),
    }));
    const totalMinor = deliveries.reduce((sum, delivery) => sum + delivery.amountMinor, 0n);
    const account = await applicableBudget(tx, program, { id: channel.id, budget: content.budget });
    const deliveryRequestId = randomUUID();
    await reserve(tx, account.id, totalMinor, deliveryRequestId);

    await tx.deliveryRequest.create({
      data: {
        id: deliveryRequestId,
        programId: program.id,
        channelId: channel.id,
        budgetAccountId: account.id,
        description,
        unit: account.unit,
        totalMinor,
        createdBy: actorId,
        deliveries: {
          createMany: {
            data: deliveries.map((delivery) => ({
              id: delivery.id,
              beneficiaryId: delivery.beneficiaryId,
              amountMinor: delivery.amountMinor,
              options: JSON.stringify(optionPairs(delivery.options, options)),
            })),
          },
        },
      },
    });
    const unitKey = content.budget?.commodity === account.unit ? "commodity" : "currency";
    const payload = {
      deliveryRequestId,
      providerDeliveryChannelId: channel.providerDeliveryChannelId,
      description,
      delivery: deliveries.map((delivery) => ({
        deliveryId: delivery.id,
        beneficiaryId: delivery.beneficiaryId,
        amount: fromMinor(delivery.amountMinor),
        [unitKey]: account.unit,
        deliveryOptions: optionPairs(delivery.options, options),
      })),
    };
    await tx.outboxEvent.create({
      data: {
        providerId: channel.providerId,
        eventType: "DELIVERY_REQUEST_SENT",
        payload: JSON.stringify(payload),
      },
    });
    return { deliveryRequestId, totalMinor, unit: account.unit };
  });
  notifyOutboxWritten();
  return sent;
}

/** Every option of the channel as {key, value}, in the channel's order, defaults filled in. */
function optionPairs(values: Record<string, string>, options: DeliveryOption[]) {
  return options.map((option) => ({
    key: option.fieldName,
    value: values[option.fieldName] ?? option.defaultValue ?? "",
  }));
}

/** Asks the provider to reverse one delivery; its amount returns to the budget once they report DELIVERY_REVERTED. */
export async function requestRefund(actorId: string, deliveryId: string) {
  await db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    const delivery = await tx.delivery.findUnique({
      where: { id: deliveryId },
      include: { deliveryRequest: { include: { channel: { select: { providerId: true } } } } },
    });
    if (!delivery) throw notFound("No such delivery.");
    if (delivery.revertedAt) throw conflict("This delivery was already reverted.");
    const { count } = await tx.delivery.updateMany({
      where: { id: deliveryId, refundRequestedAt: null },
      data: { refundRequestedAt: new Date() },
    });
    if (count !== 1) throw conflict("A refund of this delivery was already requested.");
    await tx.outboxEvent.create({
      data: {
        providerId: delivery.deliveryRequest.channel.providerId,
        eventType: "DELIVERY_REFUND_REQUESTED",
        payload: JSON.stringify({ deliveryId }),
      },
    });
    await tx.auditEntry.create({
      data: { actorId, action: "delivery.refund_requested", subjectType: "Delivery", subjectId: deliveryId },
    });
  });
  notifyOutboxWritten();
}

/** DeliveryRequest/Sync: the provider maps the request to its own id and reports its status. */
export async function syncDeliveryRequest(
  providerId: string,
  report: { deliveryRequestId: string; providerDeliveryRequestId?: string | null; status: string },
) {
  const { count } = await db().deliveryRequest.updateMany({
    where: { id: report.deliveryRequestId, channel: { providerId } },
    data: {
      status: report.status,
      ...(report.providerDeliveryRequestId
        ? { providerDeliveryRequestId: report.providerDeliveryRequestId }
        : {}),
    },
  });
  if (count !== 1) throw notFound(`No delivery request ${report.deliveryRequestId}.`);
}

const DELIVERED_STATUSES = new Set(["DELIVERED", "DELIVERY_COLLECTED"]);

/**
 * Delivery/Sync: per-delivery outcomes. DELIVERY_REVERTED gives the amount back to the budget and
 * DELIVERED/DELIVERY_COLLECTED count it as delivered, each once however often it is reported; a
 * revert of a delivered one takes it out of the delivered amount too, and nothing counts it again.
 * All or nothing: an unknown delivery id refuses the whole report.
 */
export async function syncDeliveries(
  providerId: string,
  reports: Array<{ deliveryId: string; providerDeliveryId?: string | null; status: string }>,
) {
  await db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    for (const report of reports) {
      const delivery = await tx.delivery.findFirst({
        where: { id: report.deliveryId, deliveryRequest: { channel: { providerId } } },
        include: { deliveryRequest: { select: { budgetAccountId: true } } },
      });
      if (!delivery) throw notFound(`No delivery ${report.deliveryId}.`);
      const account = delivery.deliveryRequest.budgetAccountId;
      const data = {
        status: report.status,
        ...(report.providerDeliveryId ? { providerDeliveryId: report.providerDeliveryId } : {}),
      };
      // Conditional updates: of two reports racing, only the one that changes the state moves the budget.
      if (report.status === "DELIVERY_REVERTED") {
        const { count } = await tx.delivery.updateMany({
          where: { id: delivery.id, revertedAt: null },
          data: { ...data, revertedAt: new Date() },
        });
        // A delivery counted as delivered before its revert is no longer delivered (finding 9); the
        // status read above is current: the write lock is held.
        const wasDelivered = DELIVERED_STATUSES.has(delivery.status);
        if (count === 1) await release(tx, account, delivery.amountMinor, delivery.id, wasDelivered);
      } else if (DELIVERED_STATUSES.has(report.status)) {
        const { count } = await tx.delivery.updateMany({
          where: { id: delivery.id, status: { notIn: [...DELIVERED_STATUSES] }, revertedAt: null },
          data,
        });
        if (count === 1) await markDelivered(tx, account, delivery.amountMinor, delivery.id);
      } else {
        await tx.delivery.update({ where: { id: delivery.id }, data });
      }
    }
  });
}
