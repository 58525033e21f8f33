/**
 * The reference's side of safe retries, for the operations with `idempotencyKey: true`: the header
 * parameter, the replay header on success, and the 400, 409 and 422 it adds (lib/api/idempotency.ts).
 */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { idempotencyKeyHeaderSchema } from "../../contract/idempotency-key";
import { idempotencyKeyReused, invalidIdempotencyKey, requestInProgress } from "../api-errors";
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from "../idempotency";
import { failureResponse } from "./document-responses";

export const idempotencyHeaders = () =>
  z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyHeaderSchema.optional() });

function addedResponses(): Record<number, ResponseConfig> {
  return {
    400: failureResponse(`Or the ${IDEMPOTENCY_KEY_HEADER} header is not a valid key.`, {
      invalidIdempotencyKey: { summary: `Invalid ${IDEMPOTENCY_KEY_HEADER}`, error: invalidIdempotencyKey() },
    }),
    409: {
      ...failureResponse(
        `A request with the same ${IDEMPOTENCY_KEY_HEADER} is still in progress: retry after Retry-After seconds to receive its answer.`,
        { inProgress: { summary: "Request in progress", error: requestInProgress() } },
      ),
      headers: {
        "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
      },
    },
    422: failureResponse(
      `The ${IDEMPOTENCY_KEY_HEADER} was already used with a different body or for another operation.`,
      {
        otherBody: { summary: "Key reused with another body", error: idempotencyKeyReused("body") },
        otherOperation: {
          summary: "Key reused for another operation",
          error: idempotencyKeyReused("operation"),
        },
      },
    ),
  };
}

type Examples = Record<string, unknown>;
const examplesOf = (response: ResponseConfig) =>
  (response.content?.["application/json"] as { examples?: Examples } | undefined)?.examples;

/** Two descriptions of one status (the operation's own has no headers): both texts and examples. */
function merge(base: ResponseConfig | undefined, added: ResponseConfig): ResponseConfig {
  if (!base) return added;
  return {
    ...base,
    description: `${base.description} ${added.description}`,
    ...(added.headers && { headers: added.headers }),
    content: {
      "application/json": {
        ...base.content?.["application/json"],
        examples: { ...examplesOf(base), ...examplesOf(added) },
      },
    },
  } as ResponseConfig;
}

/** An operation's responses with those of the header added. */
export function withIdempotencyResponses(
  responses: Record<number, ResponseConfig>,
): Record<number, ResponseConfig> {
  const merged = { ...responses };
  for (const [status, added] of Object.entries(addedResponses())) {
    merged[Number(status)] = merge(merged[Number(status)], added);
  }
  const ok = merged[200];
  if (ok) {
    merged[200] = {
      ...ok,
      headers: {
        [REPLAYED_HEADER]: {
          description: `"true" when this is the stored answer to an earlier request with the same ${IDEMPOTENCY_KEY_HEADER}.`,
          schema: { type: "string", enum: ["true"] },
        },
      },
    };
  }
  return merged;
}
