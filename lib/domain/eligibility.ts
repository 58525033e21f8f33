/**
 * Which channels may serve a beneficiary. A channel is eligible when it is approved and ONLINE, it
 * supports the category of assistance, and for each of country, nationality, KYC document and
 * currency: the value is in the supported list (an absent, null or empty list does not restrict)
 * and not in the excluded list. A criterion left unspecified is not checked.
 */
import { AVAILABILITY_PAIRS, type ChannelBody } from "../contract/channel";
import { findUnstorableText } from "../contract/stored-text";
import { db } from "../db";
import type { Prisma } from "../db/generated/sqlite/client";
import { parseContent } from "./channels/content";
import {
  type CappedCount,
  type KeysetPage,
  type PageQuery,
  type PageStart,
  pageOf,
  pageStart,
  type SortKey,
} from "./paging";
import { type Actor, authorize } from "./permissions";
import { LIVE_ROW } from "./sandbox-scope";

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

const hasTag = (tag: string) => ({ eligibilityTags: { contains: `,${tag},` } });

/**
 * The first pass, in SQL over Channel.eligibilityTags: the channels whose approved availability *may*
 * allow the criteria — the category supported, and each criterion's value supported or not restricted.
 * Never narrower than the rule (a `%` or `_` in a value only widens a LIKE; exclusions are left to the
 * rule), which then decides on the parsed content. Text no database stores is left to the rule too.
 */
function mayAllow(criteria: EligibilityCriteria) {
  const storable = (value: string | undefined): value is string =>
    value !== undefined && !findUnstorableText(value) && !value.includes(",");
  return [
    ...(storable(criteria.category) ? [hasTag(`category:${criteria.category}`)] : []),
    ...Object.keys(AVAILABILITY_PAIRS).flatMap((criterion) => {
      const value = criteria[criterion as keyof typeof AVAILABILITY_PAIRS];
      if (!storable(value)) return [];
      const restricted = { eligibilityTags: { contains: `,${criterion}+` } };
      return [{ OR: [{ NOT: restricted }, hasTag(`${criterion}+${value}`)] }];
    }),
  ];
}

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
 * the page is full, so a page costs the same however many channels there are. There is no total:
 * counting would read every candidate.
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
    AND: mayAllow(criteria),
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
