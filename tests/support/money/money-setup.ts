/**
 * Programs and channels for the money tests (tests/domain/deliveries/, tests/domain/programs/), made
 * through the domain's own paths: a provider creates a channel, an administrator approves it, a
 * program adds it.
 */

import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { ChannelBody } from "../../../lib/contract/channel";
import { db } from "../../../lib/db";
import { decideChannelRequest, requestChannelCreate } from "../../../lib/domain/channels";
import { sendDeliveryRequest } from "../../../lib/domain/deliveries";
import { DomainError } from "../../../lib/domain/errors";
import { issueApiKey } from "../../../lib/domain/keys";
import { addChannelToProgram, createProgram } from "../../../lib/domain/programs";
import { createProvider } from "../../../lib/domain/providers";
import { ADMIN, MANAGER, providerActor, reviewerActor } from "../users/actors";

export const PHONE_OPTION = {
  fieldLabel: "Phone number",
  fieldName: "phone",
  dataType: "STRING",
  isRequired: true,
  fieldMinLength: 6,
  fieldMaxLength: 15,
  validationRegex: "^\\+?[0-9 ]+$",
};

/**
 * An approved, ONLINE channel (with `budget` when given) of a new provider with an API key, or of
 * `provider` when given (a second channel of one provider).
 */
export async function approvedChannel(
  budget: ChannelBody["budget"],
  name = "Cash",
  deliveryOptions = [PHONE_OPTION],
  provider?: { id: string; key: string },
) {
  const { id: providerId, key } = provider ?? (await newProviderWithKey());
  const providerDeliveryChannelId = `money-${randomUUID()}`;
  await requestChannelCreate(providerActor(providerId), {
    providerDeliveryChannelId,
    name: { language: "EN", translation: name },
    landingPage: "www.example.org",
    availability: { categoriesSupported: ["CASH"] },
    ...(budget ? { budget } : {}),
    deliveryOptions,
  });
  const channel = await db().channel.findFirstOrThrow({
    where: { providerId, providerDeliveryChannelId },
    include: { requests: true },
  });
  await decideChannelRequest(reviewerActor("admin", null), channel.requests[0]!.id, { approve: true });
  return { providerId, apiKey: key, channelId: channel.id, providerDeliveryChannelId };
}

async function newProviderWithKey() {
  const provider = await createProvider(ADMIN, `Money provider ${randomUUID()}`);
  const { key } = await issueApiKey(ADMIN, provider.id);
  return { id: provider.id, key };
}

/** A program of `virtualBudget` in `unit` (EUR unless said) served by the given channels. */
export async function programWith(virtualBudget: number, channelIds: string[], unit = "EUR") {
  const program = await createProgram(MANAGER, { name: "Winter", description: "", unit, virtualBudget });
  for (const channelId of channelIds) await addChannelToProgram(MANAGER, program.id, channelId);
  return program.id;
}

export const delivery = (amount: number, beneficiaryId = `b-${randomUUID()}`) => ({
  beneficiaryId,
  amount,
  options: { phone: "+359 888 123" },
});

type Deliveries = Parameters<typeof sendDeliveryRequest>[1]["deliveries"];

/** Sends `deliveries` from the setup's program through its channel, under a fresh idempotency key. */
export const sendThrough = (
  setup: { programId: string; channelId: string },
  description: string,
  deliveries: Deliveries,
) =>
  sendDeliveryRequest(MANAGER, {
    idempotencyKey: randomUUID(),
    programId: setup.programId,
    channelId: setup.channelId,
    description,
    deliveries,
  });

/** Sends one delivery of `amount` from the program through the channel; returns the delivery's id. */
export async function sentDelivery(
  programId: string,
  channelId: string,
  amount: number,
  description: string,
) {
  const sent = await sendThrough({ programId, channelId }, description, [delivery(amount)]);
  const { id } = await db().delivery.findFirstOrThrow({
    where: { deliveryRequestId: sent.deliveryRequestId },
  });
  return id;
}

/** An approved, ONLINE channel of a new provider, serving a new program. */
export async function servingChannel(
  budget: ChannelBody["budget"],
  programUnit = "EUR",
  virtualBudget = 1000,
  deliveryOptions = [PHONE_OPTION],
) {
  const channel = await approvedChannel(budget, "Cash", deliveryOptions);
  const programId = await programWith(virtualBudget, [channel.channelId], programUnit);
  const { providerId, channelId, providerDeliveryChannelId } = channel;
  return { providerId, channelId, providerDeliveryChannelId, programId };
}

/** How many DELIVERY_REQUEST_SENT events the provider's outbox holds. */
export const requestSentEvents = (providerId: string) =>
  db().outboxEvent.count({ where: { providerId, eventType: "DELIVERY_REQUEST_SENT" } });

/** The channel's own budget account. */
export const account = (channelId: string) => db().budgetAccount.findUniqueOrThrow({ where: { channelId } });

/** The DomainError `promise` rejects with (failing the test when it resolves or throws another). */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}
