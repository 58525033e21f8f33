/**
 * A provider retires a channel it no longer offers (issue 30, finding 9). Retiring files nothing to
 * approve: taking a channel out of service needs nobody's consent, and a reviewer could only approve
 * it. It is final, and it only ever narrows what the channel does, so it cannot put anyone at risk:
 *  - the channel goes OFFLINE (a status the contract lets a provider set at once) and `retiredAt`
 *    records it; an approved channel keeps its approved content and approval, which View answers as
 *    before, so the API's View of it reads what an OFFLINE switch leaves;
 *  - its pending request, if any, is withdrawn (./withdraw.ts), and a shown rejection ends;
 *  - from then on no request can be filed for it: Update, the portal's form and its switch are
 *    refused (./requests.ts), sends are refused because it is OFFLINE (../deliveries/serving-channel.ts), and no
 *    program can add it (../programs.ts);
 *  - the audit entry "channel.retired", in the same transaction.
 * No DELIVERY_CHANNEL_STATUS_UPDATED, as for an OFFLINE switch: that event reports the platform's
 * decisions on requests (../shared/spec/accessrc-facts.md), and retiring is none.
 */
import { say } from "../../contract/validation-messages";
import { db, takeWriteLock } from "../../db";
import { recordAudit } from "../audit";
import { conflict, notFound } from "../errors";
import { type Actor, authorizeProvider } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { requestedColumns } from "./columns";
import { markWithdrawn } from "./withdraw";

export async function retireChannel(actor: Actor, providerDeliveryChannelId: string, retiredAt = new Date()) {
  const providerId = authorizeProvider(actor, "provider.channels.edit");
  return db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    const channel = await tx.channel.findUnique({
      where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId } },
      select: { id: true, status: true, retiredAt: true },
    });
    if (!channel) throw notFound(say("noSuchChannel"));
    if (channel.retiredAt) throw conflict(say("channelAlreadyRetired"));
    // The row first (its lock, as Update takes it), conditionally: of two retirements one wins.
    const { count } = await tx.channel.updateMany({
      where: { id: channel.id, retiredAt: null },
      data: { status: "OFFLINE", retiredAt, rejectionReason: null },
    });
    if (count !== 1) throw conflict(say("channelAlreadyRetired"));
    // What is pending now that no update can slip in: withdrawn, and what is requested is what is
    // approved (the withdrawn change is not kept as asked for).
    const { approvedContent, requests } = await tx.channel.findUniqueOrThrow({
      where: { id: channel.id },
      select: {
        approvedContent: true,
        requests: { where: { state: "PENDING" }, select: { id: true, kind: true }, take: 1 },
      },
    });
    const [pending] = requests;
    if (pending) {
      await tx.channel.update({
        where: { id: channel.id },
        data: {
          withdrawnAt: retiredAt,
          ...(approvedContent !== null ? requestedColumns(parseContent(approvedContent)) : {}),
        },
      });
      await markWithdrawn(tx, actor, { ...pending, channelId: channel.id }, retiredAt);
    }
    await recordAudit(tx, actor, {
      action: "channel.retired",
      subjectType: "Channel",
      subjectId: channel.id,
      detail: { providerDeliveryChannelId, withdrawnRequest: pending?.id ?? null },
      before: { status: channel.status },
      after: { status: "OFFLINE", retiredAt: retiredAt.toISOString() },
    });
    return { providerDeliveryChannelId, retiredAt, withdrawnRequest: pending ? pending.kind : null };
  });
}
