/**
 * The keys whose expiry warning a person dismissed (issue 30, finding 7), kept in a cookie of their
 * browser so that the server renders the portal without the banner they closed (no flash of it on
 * every page). Key ids only: the cookie says nothing about the keys themselves.
 */
export const DISMISSED_KEY_WARNINGS_COOKIE = "dismissed-key-warnings";
/** Ids kept at most: a browser's cookie stays small whatever is dismissed over the years. */
const MAX_IDS = 20;
const KEY_ID = /^[0-9a-f-]{36}$/;

export function dismissedKeyIds(cookie: string | undefined): Set<string> {
  return new Set((cookie ?? "").split(".").filter((id) => KEY_ID.test(id)));
}

/** The cookie's new value with `ids` added (newest kept when it would grow past MAX_IDS). */
export function withDismissed(cookie: string | undefined, ids: readonly string[]): string {
  return [...new Set([...dismissedKeyIds(cookie), ...ids.filter((id) => KEY_ID.test(id))])]
    .slice(-MAX_IDS)
    .join(".");
}
