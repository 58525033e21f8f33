/**
 * The sandbox's platform side: with a test-mode key a provider has a delivery request sent to its
 * approved test channel, or a refund requested, through the same sendDeliveryRequest and
 * requestRefund as the console. The program they come from (one per unit, with a large virtual
 * budget) and the channel's membership in it are created on first use, on the sandbox side only.
 */
import { randomUUID } from "node:crypto";
import { budgetUnitOf } from "../../contract/channel";
import { CURRENCIES } from "../../contract/enums";
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { availabilityAllows, receivesDeliveries } from "../channels";
import { type DeliveryOption, deliveryProblems, sendDeliveryRequest } from "../deliveries";
import { invalid, notFound } from "../errors";
import { SANDBOX_DECIDER } from "../live-scope";
import { toMinor } from "../money";
import { requestRefund } from "../payments";
import { type Actor, authorizeProvider, type Permission, systemActor } from "../permissions";
import { type ChannelContent, parseContent } from "../stored-channel-content";
import { checkGeneratedEventRoom } from "../webhooks";
import { requireSandbox } from "./test-mode";

/** A test key's helpers act on the provider's deliveries: what a full key may do, not a read key. */
export const SANDBOX_HELPERS = "provider.deliveries.report" satisfies Permission;

/** The sandbox program's virtual budget, in units: large enough never to be the limit of a test. */
const SANDBOX_BUDGET = 1_000_000_000;
/** Who sends and refunds test deliveries (never held for approval: sandbox programs have no policy). */
const SANDBOX_SENDER = systemActor(SANDBOX_DECIDER.id.replace(/^system:/, ""));

/** Each test delivery's amount, in the program's unit. */
const TEST_AMOUNT = 10;

/** Sends `count` test deliveries to the sandbox's channel; answers the request's and deliveries' ids. */
export async function sendSandboxDeliveryRequest(
  actor: Actor,
  providerDeliveryChannelId: string,
  count: number,
) {
  const providerId = authorizeProvider(actor, SANDBOX_HELPERS);
  await requireSandbox(providerId);
  await checkGeneratedEventRoom(providerId);
  const channel = await db().channel.findUnique({
    where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId } },
    select: { id: true, isApproved: true, status: true, approvedContent: true },
  });
  if (!channel) throw notFound(say("noChannelWithId", { id: providerDeliveryChannelId }));
  if (!receivesDeliveries(channel)) {
    throw invalid("providerDeliveryChannelId", say("channelCannotReceiveDeliveriesWaitForTestDecision"));
  }
  const content = parseContent(channel.approvedContent!);
  const programId = await sandboxProgram(providerId, unitFor(content));
  await db().programChannel.upsert({
    where: { programId_channelId: { programId, channelId: channel.id } },
    create: { programId, channelId: channel.id },
    update: {},
  });
  const options = testOptionValues(content.deliveryOptions ?? []);
  const batch = randomUUID().slice(0, 8);
  const sent = await sendDeliveryRequest(SANDBOX_SENDER, {
    programId,
    channelId: channel.id,
    description: "Test delivery request (sandbox)",
    deliveries: Array.from({ length: count }, (_, index) => ({
      beneficiaryId: `sandbox-${batch}-${index + 1}`,
      amount: TEST_AMOUNT,
      options,
    })),
    idempotencyKey: randomUUID(),
  });
  const deliveries = await db().delivery.findMany({
    where: { deliveryRequestId: sent.deliveryRequestId },
    // In the order they were sent (ids are uuid v7): sandbox-…-1 first.
    orderBy: { id: "asc" },
    select: { id: true },
  });
  return {
    deliveryRequestId: sent.deliveryRequestId,
    deliveryIds: deliveries.map((delivery) => delivery.id),
  };
}

/** Requests the refund of one of the sandbox's test deliveries (DELIVERY_REFUND_REQUESTED). */
export async function requestSandboxRefund(actor: Actor, deliveryId: string) {
  const providerId = authorizeProvider(actor, SANDBOX_HELPERS);
  await requireSandbox(providerId);
  await checkGeneratedEventRoom(providerId);
  const delivery = await db().delivery.findFirst({
    where: { id: deliveryId, deliveryRequest: { channel: { providerId } } },
    select: { id: true },
  });
  if (!delivery) throw notFound(say("noDeliveryWithId", { id: deliveryId }));
  await requestRefund(SANDBOX_SENDER, deliveryId, "Requested in test mode");
}

/** The channel's budget unit when it has one, else a currency it takes (the send checks both). */
function unitFor(content: ChannelContent): string {
  const budgetUnit = budgetUnitOf(content.budget);
  if (budgetUnit) return budgetUnit;
  const candidates = [...(content.availability.currenciesSupported ?? []), ...CURRENCIES];
  const currency = candidates.find((code) => availabilityAllows(content.availability, { currency: code }));
  if (!currency) throw invalid("providerDeliveryChannelId", say("channelTakesNoCurrency"));
  return currency;
}

/** The sandbox's program for `unit`, created on first use (two racing first uses create one). */
async function sandboxProgram(sandboxId: string, unit: string): Promise<string> {
  const where = { sandboxFor_unit: { sandboxFor: sandboxId, unit } };
  const existing = await db().program.findUnique({ where, select: { id: true } });
  if (existing) return existing.id;
  try {
    const created = await db().program.create({
      data: {
        name: `Sandbox program (${unit})`,
        description: "Sends test-mode delivery requests.",
        unit,
        sandboxFor: sandboxId,
        budget: { create: { kind: "PROGRAM", unit, limitMinor: toMinor(SANDBOX_BUDGET) } },
      },
      select: { id: true },
    });
    return created.id;
  } catch (error) {
    const raced = await db().program.findUnique({ where, select: { id: true } });
    if (raced) return raced.id;
    throw error;
  }
}

/**
 * A value for each required delivery option that has no default: the first candidate its length
 * bounds and regex accept. A pattern none fits is a clear refusal naming the option.
 */
function testOptionValues(options: DeliveryOption[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const option of options) {
    if (!option.isRequired || option.defaultValue) continue;
    const value = candidates(option).find((candidate) => fits(option, candidate));
    if (value === undefined) {
      throw invalid(
        `deliveryOptions.${option.fieldName}`,
        say("sandboxCannotMakeUpOptionValue", { field: option.fieldName }),
      );
    }
    values[option.fieldName] = value;
  }
  return values;
}

/** Whether the send's own check accepts `value` for the option. */
const fits = (option: DeliveryOption, value: string) =>
  !deliveryProblems({ beneficiaryId: "x", amount: 1, options: { [option.fieldName]: value } }, [option])[
    option.fieldName
  ];

/** Digits, a phone number, letters, an email address: in each length the bounds allow (up to 21). */
function candidates(option: DeliveryOption): string[] {
  const min = Math.max(option.fieldMinLength ?? 1, 1);
  const max = Math.max(option.fieldMaxLength ?? min + 10, min);
  const lengths = Array.from({ length: Math.min(max - min, 20) + 1 }, (_, index) => min + index);
  const repeat = (seed: string, length: number) =>
    seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
  return lengths.flatMap((length) => [
    repeat("1234567890", length),
    `+${repeat("1234567890", length - 1)}`,
    repeat("sandbox", length),
    repeat("SANDBOX", length),
    repeat("A1", length),
    `${repeat("test", Math.max(length - 12, 1))}@example.org`,
  ]);
}
