/**
 * Programs and channels for the money tests (tests/domain/money*.test.ts), made through the domain's
 * own paths: a provider creates a channel, an administrator approves it, a program adds it.
 */
import { randomUUID } from "node:crypto";
import type { ChannelBody } from "../../lib/contract/channel";
import { db } from "../../lib/db";
import { issueApiKey, createProvider } from "../../lib/domain/api-keys";
import { decideRequest } from "../../lib/domain/approvals";
import { requestChannelCreate } from "../../lib/domain/channels";
import { addChannelToProgram, createProgram } from "../../lib/domain/programs";

export const PHONE_OPTION = {
  fieldLabel: "Phone number",
  fieldName: "phone",
  dataType: "STRING",
  isRequired: true,
  fieldMinLength: 6,
  fieldMaxLength: 15,
  validationRegex: "^\\+?[0-9 ]+$",
};

/** A new provider with an API key and an approved, ONLINE channel (with `budget` when given). */
export async function approvedChannel(budget: ChannelBody["budget"], name = "Cash") {
  const provider = await createProvider(`Money provider ${randomUUID()}`);
  const { key } = await issueApiKey(provider.id);
  const providerDeliveryChannelId = `money-${randomUUID()}`;
  await requestChannelCreate(provider.id, {
    providerDeliveryChannelId,
    name: { language: "EN", translation: name },
    landingPage: "www.example.org",
    availability: { categoriesSupported: ["CASH"] },
    ...(budget ? { budget } : {}),
    deliveryOptions: [PHONE_OPTION],
  });
  const channel = await db().channel.findFirstOrThrow({
    where: { providerId: provider.id },
    include: { requests: true },
  });
  await decideRequest({ id: "admin", providerId: null }, channel.requests[0]!.id, { approve: true });
  return { providerId: provider.id, apiKey: key, channelId: channel.id, providerDeliveryChannelId };
}

/** A program of `virtualBudget` EUR served by the given channels. */
export async function programWith(virtualBudget: number, channelIds: string[]) {
  const program = await createProgram({ name: "Winter", description: "", unit: "EUR", virtualBudget });
  for (const channelId of channelIds) await addChannelToProgram(program.id, channelId);
  return program.id;
}

export const delivery = (amount: number, beneficiaryId = `b-${randomUUID()}`) => ({
  beneficiaryId,
  amount,
  options: { phone: "+359 888 123" },
});
