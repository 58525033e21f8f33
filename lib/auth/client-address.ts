/**
 * The client address that sign-in throttling counts by. better-auth reads it from X-Forwarded-For,
 * which any client can write; so the production server (server/index.ts) replaces that header on
 * every request with the address it resolved here: the connection's own address, or, when the
 * connection comes from a proxy named in TRUST_PROXY, the nearest address that proxy chain
 * forwarded which is not itself a trusted proxy.
 */
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { trustedProxies } from "../config";
import { addressRange } from "../config-schema";

/** TRUST_PROXY's entries as a BlockList, once; lib/config.ts has already refused malformed ones. */
function proxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const range = addressRange(entry);
    if (!range) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range`);
    const type = range.family === 6 ? "ipv6" : "ipv4";
    if (range.bits === undefined) list.addAddress(range.address, type);
    else list.addSubnet(range.address, range.bits, type);
  }
  return list;
}

/** "::ffff:192.0.2.1" as "192.0.2.1": the same client whichever way the socket reports it. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

function isTrusted(address: string, proxies: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * Walks X-Forwarded-For from the right (each proxy appends the address it was connected from) and
 * stops at the first hop that is not a trusted proxy. Entries left of it are whatever the client
 * wrote, so they are never read; a malformed entry ends the walk at the last hop that was sure.
 */
function clientAddress(peer: string, forwardedFor: string | undefined, proxies: BlockList): string {
  let client = plain(peer);
  if (!isTrusted(client, proxies)) return client;
  const hops = (forwardedFor ?? "").split(",").map((hop) => plain(hop.trim()));
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] ?? "";
    if (!isIP(hop)) break;
    client = hop;
    if (!isTrusted(hop, proxies)) break;
  }
  return client;
}

const proxies = proxyList(trustedProxies());

/** Overwrites X-Forwarded-For with the one client address that better-auth should count. */
export function setClientAddress(request: IncomingMessage): void {
  const peer = request.socket.remoteAddress;
  if (!peer) {
    delete request.headers["x-forwarded-for"];
    return;
  }
  const forwarded = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = clientAddress(
    peer,
    Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
    proxies,
  );
}
