/**
 * The channel module's public face: `@/lib/domain/channels`, for the rest of the code and for the
 * features above it (payments, deliveries, programs…); it uses audit, webhooks, notifications, budgets
 * and translations, below it. A channel's stored content is ../stored-channel-content.ts, which features
 * below channels read too.
 *
 * - columns.ts, filters.ts: the columns derived from content, and the filters that read them
 * - request-changes.ts, status.ts, withdraw.ts, retire.ts: Create, Update, the portal's status
 *   switch, a withdrawal, retiring a channel
 * - view.ts, history.ts, details.ts: View, a channel's requests, each portal's channel page
 * - channel-lists.ts, review.ts: the portals' channel lists, the reviewers' queue of pending requests
 *   and a request under review
 * - decide-request.ts: a reviewer's (or the sandbox worker's) decision on a pending request
 * - request-list.ts: the one query of a page of channel requests, behind the queue and the platform API's list
 * - search.ts, search-window.ts: the search's where-clause and its window
 * - in-language.ts: names and descriptions in the viewer's language, where translated
 * - standing.ts: what a channel is now, in one word, and the change under way
 * - diff-content.ts: what a request changes, field by field, for the review page
 * - eligible-channels.ts: which channels may serve a beneficiary, and the send rule
 * - lookup-values.ts: the lookup values of the nine keys, with their English names
 */

export { type ChannelContent, channelName, completeContent, parseContent } from "../stored-channel-content";
export {
  allChannels,
  CHANNEL_SORTS,
  CHANNELS_PAGE_SIZE,
  type ChannelFilter,
  countChannels,
  listProviderChannels,
  REQUEST_FILTERS,
} from "./channel-lists";
export { approvedColumns, availabilityTags, requestedColumns, searchText } from "./columns";
export {
  type ChannelRequestDecision,
  type ChannelRequestDecisionHooks,
  decideChannelRequest,
} from "./decide-request";
export { adminChannelDetail, providerChannelDetail } from "./details";
export { type Change, diffContent } from "./diff-content";
export {
  availabilityAllows,
  ELIGIBLE_PAGE_SIZE,
  eligibleChannels,
  receivesDeliveries,
} from "./eligible-channels";
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
  channelStanding,
  isPortalChannelState,
  PORTAL_CHANNEL_STATES,
  STANDING_COLUMNS,
  STANDING_FILTERS,
  type StandingFilter,
  type StandingState,
} from "./standing";
export { requestChannelStatus } from "./status";
export { viewChannel } from "./view";
export { withdrawChannelRequest } from "./withdraw";
