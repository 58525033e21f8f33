/**
 * The reference's side of the rate limit per API key (lib/api/rate-limit.ts), added once to every
 * operation that takes a key: the RateLimit-Policy and RateLimit headers on each of its answers
 * after authentication, and the 429 with Retry-After.
 */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { apiRateLimit } from "../../config";
import { tooManyRequests } from "../api-errors";
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER } from "../rate-limit";
import { failureResponse } from "./document-responses";

/** Headers as objects (the API's responses never describe them with a zod schema). */
type Headers = Exclude<NonNullable<ResponseConfig["headers"]>, z.ZodType>;

type Limit = { limit: number; windowSeconds: number };

function rateLimitHeaders({ limit, windowSeconds }: Limit): Headers {
  return {
    [RATE_LIMIT_POLICY_HEADER]: {
      description: `The key's quota (draft-ietf-httpapi-ratelimit-headers): \`q\` requests per window of \`w\` seconds, e.g. \`"default";q=${limit};w=${windowSeconds}\`.`,
      schema: { type: "string" },
    },
    [RATE_LIMIT_HEADER]: {
      description: `What is left of it: \`r\` requests remain in the current window, which ends in \`t\` seconds, e.g. \`"default";r=${limit - 1};t=${windowSeconds}\`. Absent when the counter store is unreachable (the request was not counted).`,
      schema: { type: "string" },
    },
  };
}

function tooMany(headers: Headers, { limit, windowSeconds }: Limit): ResponseConfig {
  return {
    ...failureResponse(
      "The API key made more requests than its quota allows in the current window. Retry after Retry-After seconds, when the window ends.",
      { tooMany: { summary: "Rate limit exceeded", error: tooManyRequests(limit, windowSeconds, 12) } },
    ),
    headers: {
      ...headers,
      "Retry-After": { description: "Seconds until the window ends.", schema: { type: "integer" } },
    },
  };
}

type JsonContent = { examples?: Record<string, unknown> };

/** The key's 429 joined with an operation's own (sandbox helpers: generated events a minute). */
function alsoFor(own: ResponseConfig | undefined, keys: ResponseConfig): ResponseConfig {
  if (!own) return keys;
  const examplesOf = (response: ResponseConfig) =>
    (response.content?.["application/json"] as JsonContent | undefined)?.examples;
  const content = keys.content?.["application/json"] as object;
  return {
    description: `${own.description} Or: ${keys.description}`,
    headers: { ...(keys.headers as Headers), ...(own.headers as Headers) },
    content: {
      "application/json": { ...content, examples: { ...examplesOf(keys), ...examplesOf(own) } },
    },
  } as ResponseConfig;
}

/**
 * An operation's responses with the 429 added and the headers on each answer but the 401 (no key
 * known yet); unchanged when this server sets no limit (API_RATE_LIMIT unset).
 */
export function withRateLimitResponses(
  responses: Record<number, ResponseConfig>,
): Record<number, ResponseConfig> {
  const limit = apiRateLimit();
  if (!limit) return responses;
  const headers = rateLimitHeaders(limit);
  const limited: Record<number, ResponseConfig> = {};
  for (const [status, response] of Object.entries(responses)) {
    limited[Number(status)] =
      status === "401"
        ? response
        : ({
            ...response,
            headers: { ...(response.headers as Headers | undefined), ...headers },
          } as ResponseConfig);
  }
  limited[429] = alsoFor(responses[429], tooMany(headers, limit));
  return limited;
}
