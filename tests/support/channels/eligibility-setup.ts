/**
 * Approved ONLINE channels written as an approval writes them (approvedColumns), all serving one new
 * program: eligibility asked about that program answers these channels alone while other test files
 * add theirs.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { db } from "../../../lib/db";
import { approvedColumns, requestedColumns } from "../../../lib/domain/channels/columns";
import {
  ELIGIBLE_PAGE_SIZE,
  type EligibilityCriteria,
  eligibleChannels,
} from "../../../lib/domain/channels/eligible-channels";
import { createProvider } from "../../../lib/domain/providers";
import { programWith } from "../money/money-setup";
import { ADMIN } from "../users/actors";
import { minimalChannelBody } from "./channel-bodies";

/** One channel per availability, with ids "<marker>-<i>"; the rows come back in the database's id order. */
export async function approvedServingChannels(availabilities: object[], marker = "eligible") {
  const providerId = (await createProvider(ADMIN, `Eligible ${randomUUID()}`)).id;
  const programId = await programWith(1000, []);
  const rows = availabilities.map((availability, i) => {
    const body = { ...minimalChannelBody(`${marker}-${i}`), availability };
    return {
      id: randomUUID() as string,
      providerId,
      providerDeliveryChannelId: `${marker}-${i}`,
      status: "ONLINE",
      isApproved: true,
      ...approvedColumns(JSON.stringify(body)),
      ...requestedColumns(body as never),
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const slice = rows.slice(i, i + 500);
    await db().channel.createMany({ data: slice });
    await db().programChannel.createMany({ data: slice.map((row) => ({ programId, channelId: row.id })) });
  }
  // PostgreSQL's collation orders ids otherwise than JavaScript does: read the database's order.
  const ordered = await db().channel.findMany({
    where: { providerId },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  const byId = new Map(rows.map((row, i) => [row.id, { ...row, availability: availabilities[i]! }]));
  return { programId, providerId, rows: ordered.map(({ id }) => byId.get(id)!) };
}

/** Every eligible channel, page after page (each at most ELIGIBLE_PAGE_SIZE), oldest first. */
export async function everyEligible(criteria: EligibilityCriteria, programId?: string) {
  const channels = [];
  for (let after: string | undefined; ; ) {
    const page = await eligibleChannels(ADMIN, criteria, { programId, after });
    expect(page.items.length).toBeLessThanOrEqual(ELIGIBLE_PAGE_SIZE);
    channels.push(...page.items);
    if (!page.next) return channels;
    after = page.next;
  }
}
