/**
 * The content types a POST body is accepted under, in the contract's order. The body reader, the
 * 415-style 400's message and the reference (request bodies and prose) are all derived from this list.
 */
export const REQUEST_CONTENT_TYPES = [
  "application/json-patch+json",
  "application/json",
  "text/json",
  "application/*+json",
] as const;

/** The list as prose: `a, b, c or d` (`conjunction` "and" for a description). */
export function contentTypesText(format = (type: string) => type, conjunction = "or"): string {
  const written = REQUEST_CONTENT_TYPES.map(format);
  return `${written.slice(0, -1).join(", ")} ${conjunction} ${written.at(-1)}`;
}

/** A `*` is any media-type token (RFC 9110), so `application/*+json` is any +json subtype. */
const ACCEPTED = new RegExp(
  `^(?:${REQUEST_CONTENT_TYPES.map((type) =>
    type
      .split("*")
      .map((part) => part.replace(/[.+]/g, "\\$&"))
      .join("[a-z0-9!#$&^_.-]+"),
  ).join("|")})$`,
);

/** Whether a Content-Type header names one of the accepted types; parameters are allowed. */
export function isAcceptedJsonType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  return mediaType ? ACCEPTED.test(mediaType) : false;
}
