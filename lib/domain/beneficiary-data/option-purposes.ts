/**
 * What each delivery option's value is for (issue 36, item 5, minimisation). The provider states it
 * on its channel's page; the contract's DeliveryOption has no field for it, so it is kept beside the
 * channel (OptionPurpose), by fieldName, and shown wherever a value is asked for: the console's send
 * form and its CSV template. A send still takes only the values the channel's options name
 * (../deliveries/checks.ts) and the provider receives only those.
 */
import type { OptionPurposesInput } from "../../contract/forms/beneficiary-data-forms";
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { recordAudit } from "../audit";
import { invalid, notFound } from "../errors";
import { type Actor, authorizeProvider } from "../permissions";
import { parseContent } from "../stored-channel-content";

/** The fieldNames of the channel's options, requested or approved: both may be asked for. */
const fieldNamesOf = (channel: { requestedContent: string; approvedContent: string | null }) =>
  new Set(
    [channel.requestedContent, channel.approvedContent].flatMap((content) =>
      content ? (parseContent(content).deliveryOptions ?? []).map((option) => option.fieldName) : [],
    ),
  );

/** Sets the purposes the input names (an empty one removes it); the others stay. */
export async function setOptionPurposes(actor: Actor, input: OptionPurposesInput) {
  const providerId = authorizeProvider(actor, "provider.channels.edit");
  const { providerDeliveryChannelId } = input;
  await db().$transaction(async (tx) => {
    const channel = await tx.channel.findUnique({
      where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId } },
      select: { id: true, requestedContent: true, approvedContent: true, optionPurposes: true },
    });
    if (!channel) throw notFound(say("noSuchChannel"));
    const known = fieldNamesOf(channel);
    for (const [index, { fieldName }] of input.purposes.entries())
      if (!known.has(fieldName))
        throw invalid(`purposes[${index}].fieldName`, say("notDeliveryOptionOfChannel"));
    const before = Object.fromEntries(channel.optionPurposes.map((row) => [row.fieldName, row.purpose]));
    for (const { fieldName, purpose } of input.purposes) {
      const where = { channelId_fieldName: { channelId: channel.id, fieldName } };
      if (purpose)
        await tx.optionPurpose.upsert({
          where,
          create: { channelId: channel.id, fieldName, purpose },
          update: { purpose },
        });
      else await tx.optionPurpose.deleteMany({ where: { channelId: channel.id, fieldName } });
    }
    const after = Object.fromEntries(
      (await tx.optionPurpose.findMany({ where: { channelId: channel.id } })).map((row) => [
        row.fieldName,
        row.purpose,
      ]),
    );
    await recordAudit(tx, actor, {
      action: "channel.option_purposes_set",
      subjectType: "Channel",
      subjectId: channel.id,
      before,
      after,
    });
  });
}

/** Each channel's stated purposes, by fieldName. */
export async function optionPurposes(channelIds: string[]): Promise<Map<string, Record<string, string>>> {
  const rows = channelIds.length
    ? await db().optionPurpose.findMany({ where: { channelId: { in: channelIds } } })
    : [];
  const byChannel = new Map<string, Record<string, string>>();
  for (const row of rows)
    byChannel.set(row.channelId, { ...byChannel.get(row.channelId), [row.fieldName]: row.purpose });
  return byChannel;
}
