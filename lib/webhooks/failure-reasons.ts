/**
 * The reasons a callback failed or a subscription was disabled, in one place: the worker stores
 * them in English (logs, mail, the platform API read them as they are), and the portal shows each
 * in the reader's language by its kind (issue 30, finding 8: a Arabic page showed request-filtering-
 * agent's "…(family:undefined…) is not allowed. Because, It is private IP address."). A reason of
 * no known kind (older rows, a receiver's own text) shows as it was stored.
 */
export const FAILURE_TEXT = {
  private: "Refused: the callback address is private, loopback or link-local",
  timeout: "Timeout",
  busy: "Not sent: the worker was busy with other large payloads; it is sent again later",
  dns: "DNS: the host name does not resolve",
  connectionRefused: "Connection refused",
  gone: "The receiver answered 410 Gone",
  failingForDays: "Every delivery failed for 5 days",
} as const;

export type FailureKind = keyof typeof FAILURE_TEXT | "http";

/** The kind of a stored reason and its HTTP status when it is one; null when it has no known kind. */
export function failureKindOf(reason: string): { kind: FailureKind; status?: number } | null {
  const http = /^HTTP (\d{3})$/.exec(reason);
  if (http) return { kind: "http", status: Number(http[1]) };
  for (const [kind, text] of Object.entries(FAILURE_TEXT) as [keyof typeof FAILURE_TEXT, string][])
    if (reason.startsWith(text)) return { kind };
  return null;
}
