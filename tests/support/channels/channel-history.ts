/**
 * A channel's requests, which the API does not show, read and decided with the real domain
 * functions. The test file must open the database first (openTestDb).
 */

import { inject } from "vitest";
import { channelRequestHistory, decideChannelRequest } from "../../../lib/domain/channels";
import type { Json } from "../http/json-path";
import { reviewerActor } from "../users/actors";
import { createdChannel } from "./channel-api";
import { minimalChannelBody } from "./channel-bodies";

export { channelRequestHistory };

const providerA = inject("providerA");

/** A channel created over HTTP by provider A whose create an administrator approved (through the console's function). */
export async function approvedChannel(body: (id: string) => Json = minimalChannelBody): Promise<string> {
  const id = await createdChannel(body);
  const [create] = await channelRequestHistory(providerA.id, id);
  await decideChannelRequest(reviewerActor("api-test-admin", null), (create as { id: string }).id, {
    approve: true,
  });
  return id;
}

/** The requests of a channel of provider A with the landingPage each carried, oldest first. */
export async function historyOf(id: string) {
  const history = await channelRequestHistory(providerA.id, id);
  return history
    .map((request) => ({ ...request, landingPage: (JSON.parse(request.body) as Json).landingPage }))
    .reverse();
}
