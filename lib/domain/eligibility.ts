/**
 * Which channels may serve a beneficiary. A channel is eligible when it is approved and ONLINE, it
 * supports the category of assistance, and for each of country, nationality, KYC document and
 * currency: the value is in the supported list (an absent, null or empty list does not restrict)
 * and not in the excluded list. A criterion left unspecified is not checked.
 */
import { AVAILABILITY_PAIRS, type ChannelBody } from "../contract/channel";
import { db } from "../db";
import { parseContent } from "./channels/content";
import { type Actor, authorize } from "./permissions";
import { OF_LIVE_PROVIDER } from "./sandbox-scope";

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

/**
 * The eligible live channels (never a sandbox's), optionally among those serving one program. Approved ONLINE channels are
 * read and matched here: their availability is JSON, and the rule is easier to trust in one place.
 */
export async function eligibleChannels(actor: Actor, criteria: EligibilityCriteria, programId?: string) {
  authorize(actor, "console.read");
  const channels = await db().channel.findMany({
    where: {
      ...OF_LIVE_PROVIDER,
      isApproved: true,
      status: "ONLINE",
      ...(programId ? { programs: { some: { programId } } } : {}),
    },
    select: {
      id: true,
      providerDeliveryChannelId: true,
      approvedContent: true,
      provider: { select: { id: true, name: true } },
    },
    orderBy: { createdAt: "asc" },
  });
  return channels
    .map(({ approvedContent, ...channel }) => ({
      ...channel,
      content: parseContent(approvedContent!),
    }))
    .filter((channel) => availabilityAllows(channel.content.availability, criteria));
}
