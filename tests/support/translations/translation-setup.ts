/** Channels approved for the translation tests, each with FR and ES as the languages to translate into. */
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import type { ChannelBody } from "../../../lib/contract/channel";
import { db } from "../../../lib/db";
import { decideChannelRequest, requestChannelCreate } from "../../../lib/domain/channels";
import { minimalChannelBody } from "../channels/channel-bodies";
import { providerActor, reviewerActor } from "../users/actors";

/**
 * An approved channel named `name` with a short description (its own unless given: the translation
 * memory reuses a text translated before); only FR and ES as targets.
 */
export async function approvedChannel(
  name: string,
  description = `Collect at any agent: ${name}`,
  providerId = inject("providerB").id,
) {
  process.env.TRANSLATION_LANGUAGES = "FR,ES";
  const id = `translate-${randomUUID()}`;
  await requestChannelCreate(providerActor(providerId), {
    ...minimalChannelBody(id),
    name: { language: "EN", translation: name },
    shortDescription: { language: "EN", translation: description },
  } as ChannelBody);
  const channel = await db().channel.findFirstOrThrow({
    where: { providerDeliveryChannelId: id },
    include: { requests: true },
  });
  await decideChannelRequest(reviewerActor("admin", null), channel.requests[0]!.id, { approve: true });
  return channel.id;
}

export const jobsOf = (channelId: string) =>
  db().translationJob.findMany({
    where: { channelId },
    orderBy: [{ field: "asc" }, { targetLanguage: "asc" }],
  });
