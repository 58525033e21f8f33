/**
 * Which channels may serve a beneficiary. A channel is eligible when it is approved and ONLINE, it
 * supports the category of assistance, and for each of country, nationality, KYC document and
 * currency: the value is in the supported list (an absent, null or empty list does not restrict)
 * and not in the excluded list. A criterion left unspecified is not checked.
 */
import { AVAILABILITY_PAIRS, type ChannelBody } from "../../contract/channel";
import { findUnstorableText } from "../../contract/stored-text";
import { db } from "../../db";
import type { Prisma } from "../../db/generated/sqlite/client";
import { LIVE_ROW } from "../live-scope";
import {
  type CappedCount,
  CHANNEL_ID_RANGE,
  channelIdsOf,
  type KeysetPage,
  type PageQuery,
  type PageStart,
  pageOf,
  pageStart,
  type SortKey,
  shortestRange,
} from "../paging";
import { type Actor, authorize } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { NOT_RESTRICTED } from "./columns";

type Availability = ChannelBody["availability"];

export interface EligibilityCriteria {
  /** Unspecified: not checked (a delivery request checks only what it knows, e.g. the currency). */
  category?: string;
  country?: string;
  nationality?: string;
  kyc?: string;
  currency?: string;
}

function allowedBy(
  supported: readonly string[] | null | undefined,
  excluded: readonly string[] | null | undefined,
  value: string,
) {
  const restricts = supported && supported.length > 0;
  return (!restricts || supported.includes(value)) && !(excluded ?? []).includes(value);
}

/** The send rule: only an approved, ONLINE channel receives delivery requests. */
export const receivesDeliveries = (channel: { isApproved: boolean; status: string }) =>
  channel.isApproved && channel.status === "ONLINE";

/** The rule itself, on one channel's availability (pure: tested exhaustively and by property). */
export function availabilityAllows(availability: Availability, criteria: EligibilityCriteria): boolean {
  if (
    criteria.category !== undefined &&
    !availability.categoriesSupported.includes(criteria.category as never)
  ) {
    return false;
  }
  return Object.entries(AVAILABILITY_PAIRS).every(([criterion, [supportedKey, excludedKey]]) => {
    const value = criteria[criterion as keyof typeof AVAILABILITY_PAIRS];
    return value === undefined || allowedBy(availability[supportedKey], availability[excludedKey], value);
  });
}

/**
 * Each criterion as tags of Channel.eligibilityTags (./channels/columns.ts): a channel whose approved
 * availability may allow the criterion holds one of its tags, the category supported, or the value
 * supported or the criterion not restricted. Exclusions are left to the rule, and so is text no
 * database stores or a comma (which no tag holds): never narrower than the rule.
 */
function criteriaTags(criteria: EligibilityCriteria): string[][] {
  const storable = (value: string | undefined): value is string =>
    value !== undefined && !findUnstorableText(value) && !value.includes(",");
  return [
    ...(storable(criteria.category) ? [[`category:${criteria.category}`]] : []),
    ...Object.keys(AVAILABILITY_PAIRS).flatMap((criterion) => {
      const value = criteria[criterion as keyof typeof AVAILABILITY_PAIRS];
      return storable(value) ? [[`${criterion}+${value}`, `${criterion}+${NOT_RESTRICTED}`]] : [];
    }),
  ];
}

/**
 * The first pass, in SQL: the channels holding one tag of each criterion (a LIKE per tag: a `%` or
 * `_` in a value only widens it), and, when one criterion's tags name few channels (EligibilityTag,
 * kept by the database), only those. The rule then decides on the parsed content.
 */
async function mayAllow(criteria: EligibilityCriteria): Promise<Prisma.ChannelWhereInput[]> {
  const tagSets = criteriaTags(criteria);
  const few = shortestRange(await Promise.all(tagSets.map(channelsTagged)));
  return [
    ...tagSets.map((tags) => ({
      OR: tags.map((tag) => ({ eligibilityTags: { contains: `,${tag},` } })),
    })),
    ...(few ? [{ id: { in: few } }] : []),
  ];
}

/** Up to ID_LIST_LIMIT + 1 channels holding one of the tags (index EligibilityTag tag, channelId). */
const channelsTagged = (tags: string[]) =>
  channelIdsOf(db().eligibilityTag.findMany({ where: { tag: { in: tags } }, ...CHANNEL_ID_RANGE }));

/** Eligible channels a page lists, oldest first (keyset paging by id, lib/domain/paging.ts). */
export const ELIGIBLE_PAGE_SIZE = 50;
/** Channels read at once: most that pass the first pass are eligible, so a page takes a read or two. */
const READ_BATCH = ELIGIBLE_PAGE_SIZE * 2;
// Channel ids are UUIDv7, time-ordered: paging by the primary key reads them oldest first.
const BY_ID: SortKey = { field: "id", direction: "asc", kind: "text" };

export interface EligibilityQuery extends PageQuery {
  /** Only among the channels serving this program. */
  programId?: string;
}

/**
 * A page of the eligible live channels (never a sandbox's), optionally among those serving one
 * program, oldest first. Approved ONLINE channels that pass the first pass are read in batches by id
 * and matched here (their availability is JSON, and the rule is easier to trust in one place) until
 * the page is full, so a page costs the same however many channels there are: common criteria fill it
 * from the first batches, and criteria few channels may meet read only those channels (mayAllow).
 * There is no total: counting would read every candidate.
 */
export async function eligibleChannels(
  actor: Actor,
  criteria: EligibilityCriteria,
  { programId, ...query }: EligibilityQuery = {},
): Promise<Omit<KeysetPage<EligibleChannel>, keyof CappedCount>> {
  authorize(actor, "console.read");
  const where = {
    ...LIVE_ROW,
    isApproved: true,
    status: "ONLINE",
    ...(programId ? { programs: { some: { programId } } } : {}),
    AND: await mayAllow(criteria),
  };
  const start = pageStart(query, BY_ID);
  const read = await readEligible(where, criteria, start);
  return pageOf(read, BY_ID, ELIGIBLE_PAGE_SIZE, start) ?? eligibleChannels(actor, criteria, { programId });
}

type EligibleChannel = Awaited<ReturnType<typeof readEligible>>[number];

/** Up to a page and one more eligible channel beyond the page's start, in its direction. */
async function readEligible(
  where: Prisma.ChannelWhereInput,
  criteria: EligibilityCriteria,
  start: PageStart,
) {
  const eligible = [];
  const ascending = start.direction === "asc";
  for (let from = start.position?.[1] as string | undefined; eligible.length <= ELIGIBLE_PAGE_SIZE; ) {
    const batch = await db().channel.findMany({
      where: { ...where, ...(from === undefined ? {} : { id: ascending ? { gt: from } : { lt: from } }) },
      select: {
        id: true,
        providerDeliveryChannelId: true,
        approvedContent: true,
        provider: { select: { id: true, name: true } },
      },
      orderBy: { id: start.direction },
      take: READ_BATCH,
    });
    for (const { approvedContent, ...channel } of batch) {
      const content = parseContent(approvedContent!);
      if (availabilityAllows(content.availability, criteria)) eligible.push({ ...channel, content });
    }
    if (batch.length < READ_BATCH) break;
    from = batch[batch.length - 1]!.id;
  }
  return eligible.slice(0, ELIGIBLE_PAGE_SIZE + 1);
}
