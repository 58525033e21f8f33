/** The portal's status switch, reading only the content it resends. */
import type { ChannelStatus } from "../../contract/channel";
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { notFound } from "../errors";
import { type Actor, authorizeProvider } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { requestChannelUpdate } from "./request-changes";

/**
 * Sends the newest request's content when one awaits a decision (so the switch never drops a pending
 * change), otherwise the content View shows, with the new status. On an approved channel with nothing
 * pending that is an update-status; on a never-approved channel it is an update that replaces the
 * pending request (./requests.ts).
 */
export async function requestChannelStatus(
  actor: Actor,
  providerDeliveryChannelId: string,
  status: Exclude<ChannelStatus, "REQUESTED">,
) {
  const providerId = authorizeProvider(actor, "provider.channels.edit");
  const row = await db().channel.findUnique({
    where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId } },
    select: {
      requestedContent: true,
      approvedContent: true,
      requests: { where: { state: "PENDING" }, select: { id: true }, take: 1 },
    },
  });
  if (!row) throw notFound(say("noSuchChannel"));
  const source = row.requests.length ? row.requestedContent : (row.approvedContent ?? row.requestedContent);
  const content = parseContent(source);
  return requestChannelUpdate(actor, { ...content, budget: content.budget ?? undefined, status });
}
