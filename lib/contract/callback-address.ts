/**
 * Whether a callback URL names a private host outright (issue 30, finding 8): localhost, or an IP
 * address that is loopback, private, link-local or otherwise not public unicast, by the same rule
 * (ipaddr.js's ranges) the connect-time check applies (request-filtering-agent, lib/webhooks/post.ts).
 * Said at subscribe time, in the subscriber's language, where before every delivery was refused
 * later with the library's English. A host name is not resolved here: a name's address can change,
 * and the connect-time check still refuses a private one when it is called.
 */
import ipaddr from "ipaddr.js";

export function isPrivateCallbackHost(callbackUrl: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(callbackUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  const literal = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  if (!ipaddr.isValid(literal)) return false;
  const address = ipaddr.process(literal);
  return address.range() !== "unicast";
}
