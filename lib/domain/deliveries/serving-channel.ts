/**
 * Which channel a program's send may go to (requests.ts): one that serves the
 * program, is approved and ONLINE, and takes the program's currency; and the options a send's rows
 * are checked against.
 */
import { CURRENCIES } from "../../contract/enums";
import { say } from "../../contract/validation-messages";
import { db, type Tx } from "../../db";
import { availabilityAllows, receivesDeliveries } from "../channels";
import { invalid, notFound } from "../errors";
import { parseContent } from "../stored-channel-content";
import type { DeliveryOption } from "./checks";

/** The delivery options a send's rows are checked against: the channel's approved ones. */
export async function approvedDeliveryOptions(channelId: string): Promise<DeliveryOption[]> {
  const channel = await db().channel.findUnique({
    where: { id: channelId },
    select: { approvedContent: true },
  });
  if (!channel?.approvedContent) throw notFound(say("noSuchApprovedChannel"));
  return parseContent(channel.approvedContent).deliveryOptions ?? [];
}

/** The program's link to the channel, refused unless the channel may receive the program's sends. */
export async function servingChannel(tx: Tx, programId: string, channelId: string) {
  const link = await tx.programChannel.findUnique({
    where: { programId_channelId: { programId, channelId } },
    include: { program: true, channel: true },
  });
  if (!link) throw invalid("channelId", say("channelDoesNotServeProgram"));
  const { channel, program } = link;
  // A sandbox's program pays only its own sandbox's channels: it has no approval policy and a vast
  // budget, so a live channel in it would be paid without approvals or limits. (A live program's
  // channels are live: addChannelToProgram takes no other.)
  if (program.sandboxFor && channel.providerId !== program.sandboxFor) {
    throw invalid("channelId", say("channelDoesNotServeProgram"));
  }
  if (!receivesDeliveries(channel)) {
    throw invalid("channelId", say("channelCannotReceiveDeliveries"));
  }
  const content = parseContent(channel.approvedContent!);
  // Eligibility with what a request knows: a program paying in a currency needs a channel that takes it.
  if (
    (CURRENCIES as readonly string[]).includes(program.unit) &&
    !availabilityAllows(content.availability, { currency: program.unit })
  ) {
    throw invalid("channelId", say("channelDoesNotTakeProgramCurrency", { currency: program.unit }));
  }
  const name = content.name?.translation || channel.providerDeliveryChannelId;
  return { program, channel, content, name };
}
