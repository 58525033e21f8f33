/**
 * The channel module's public face: `@/lib/domain/channels`. Inside lib/domain, import the file you
 * need (./channels/content, ./channels/columns) so that the module's queries, which use budgets and
 * translations, never form a cycle with them.
 *
 * - content.ts: the stored content and its one reader, `parseContent`
 * - columns.ts, filters.ts: the columns derived from content, and the filters that read them
 * - requests.ts, status.ts, withdraw.ts, retire.ts: Create, Update, the portal's status switch, a
 *   withdrawal, retiring a channel
 * - view.ts, history.ts, details.ts: View, a channel's requests, each portal's channel page
 * - lists.ts, review.ts: the portals' channel lists, the reviewers' queue of pending requests and a
 *   request under review
 * - decide-request.ts: a reviewer's (or the sandbox worker's) decision on a pending request
 * - request-list.ts: the one query of a page of channel requests, behind the queue and the platform API's list
 * - in-language.ts: names and descriptions in the viewer's language, where translated
 * - standing.ts: what a channel is now, in one word, and the change under way
 * - diff-content.ts: what a request changes, field by field, for the review page
 * - eligible-channels.ts: which channels may serve a beneficiary
 * - lookup-values.ts: the lookup values of the nine keys, with their English names
 */

export {
  allChannels,
  CHANNEL_SORTS,
  CHANNELS_PAGE_SIZE,
  type ChannelFilter,
  listProviderChannels,
  REQUEST_FILTERS,
} from "./channel-lists";
export { approvedColumns, availabilityTags, requestedColumns, searchText } from "./columns";
export { type ChannelContent, channelName, completeContent, parseContent } from "./content";
export {
  type ChannelRequestDecision,
  type ChannelRequestDecisionHooks,
  decideChannelRequest,
} from "./decide-request";
export { adminChannelDetail, providerChannelDetail } from "./details";
export { type Change, diffContent } from "./diff-content";
export { ELIGIBLE_PAGE_SIZE, eligibleChannels } from "./eligible-channels";
export { channelRequestHistory } from "./history";
export {
  type InLanguage,
  inViewersLanguage,
  nameInViewersLanguage,
  namesInViewersLanguage,
  viewersTranslations,
} from "./in-language";
export { LOOKUPS, LOOKUPS_JSON } from "./lookup-values";
export { requestChannelCreate, requestChannelUpdate } from "./request-changes";
export { channelRequestList } from "./request-list";
export { retireChannel } from "./retire";
export {
  BADGE_CAP,
  channelRequestQueue,
  pendingRequestCount,
  QUEUE_SORTS,
  REQUEST_KINDS,
  requestForReview,
} from "./review";
export { searchFilter } from "./search";
export {
  type ChannelStanding,
  isPortalChannelState,
  STANDING_FILTERS,
  type StandingFilter,
  type StandingState,
} from "./standing";
export { requestChannelStatus } from "./status";
export { viewChannel } from "./view";
export { withdrawChannelRequest } from "./withdraw";
