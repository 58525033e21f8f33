/**
 * The reference's tags and their descriptions. An operation's `tag` (and the callbacks') must be one
 * of these, so a misspelt tag does not compile; the document lists the tags its operations use.
 */
export const TAG_DESCRIPTIONS = {
  "Delivery channels": "Request, change and view delivery channels.",
  Lookups: "The values of the enumerations used in the request fields.",
  Events: "Callback subscriptions for event notifications.",
  "Delivery requests": "Reports on the delivery requests sent through your channels.",
  Reconciliation: "Your statement of a period: what was sent to you, and what became of it.",
  Sandbox:
    "Test mode only (a dcp_test_ key): the platform's side of a delivery, on demand, so that an integration can be tested end to end.",
  Callbacks:
    "What your callback URL receives once subscribed (Event/Subscribe): a POST of the event's JSON payload.",
  "Platform API":
    "For platform users, not providers: everything the admin console does, under /api/platform/v1, with a platform token (Authorization: Bearer dcp_pat_…) acting with its user's roles.",
  // health's, which is not published.
  Operations: "Serving the API: health.",
} as const;

export type ApiTag = keyof typeof TAG_DESCRIPTIONS;

/** The document's tags: those named, in the order first named, each with its description. */
export const tagsOf = (named: readonly ApiTag[]) =>
  [...new Set(named)].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] }));
