/**
 * One HTTP POST of a callback, with the safety a server that calls arbitrary URLs needs: the
 * resolved address is checked at connect time (request-filtering-agent), so a host name that
 * resolves to a private, loopback, link-local or metadata address is refused even after a DNS
 * change; redirects are never followed (node:http does not follow them); the answer is read only up
 * to a small cap; each attempt has a timeout.
 */
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

const RESPONSE_SNIPPET_BYTES = 1024;

export interface CallbackAnswer {
  status: number;
  snippet: string;
  /** From Retry-After (seconds or an HTTP date), when the receiver sent one. */
  retryAfterMs?: number;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivateAddresses: boolean;
}

const agents = new Map<string, http.Agent>();

function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: false };
    agent =
      protocol === "https:"
        ? new RequestFilteringHttpsAgent(options)
        : new RequestFilteringHttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function postCallback(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<CallbackAnswer> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        agent: agentFor(target.protocol, options.allowPrivateAddresses),
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_SNIPPET_BYTES) chunks.push(chunk);
          size += chunk.length;
          // Enough read: stop the download rather than buffer a large answer.
          if (size >= RESPONSE_SNIPPET_BYTES) response.destroy();
        });
        const finish = () =>
          resolve({
            status: response.statusCode ?? 0,
            snippet: Buffer.concat(chunks).subarray(0, RESPONSE_SNIPPET_BYTES).toString("utf8"),
            retryAfterMs: parseRetryAfter(response.headers["retry-after"]),
          });
        response.on("end", finish);
        response.on("close", finish);
        response.on("error", finish);
      },
    );
    // The whole attempt, not only the socket's idleness, is bounded.
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on("close", () => clearTimeout(deadline));
    request.on("timeout", () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}
