/**
 * The reference's request bodies and responses. Error examples are built with the API's own error
 * factories, the domain's (through fromDomainError, as the endpoint maps them) and, for a 400, by
 * really parsing an invalid body, so they show exactly what the API answers.
 */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { GENERATED_EVENTS_PER_MINUTE } from "@/lib/domain/webhooks";
import { MAX_BODY_BYTES } from "../../config";
import { failureEnvelopeSchema, successEnvelope } from "../../contract/envelope-schema";
import { conflict, type DomainError, forbidden, notFound, tooMany } from "../../domain/errors";
import {
  ApiError,
  apiKeyExpired,
  apiKeyInvalid,
  apiKeyMissing,
  fromDomainError,
  internalError,
  payloadTooLarge,
  readOnlyKey,
  serverBusy,
  tokenExpired,
  tokenInvalid,
  tokenMissing,
  unsupportedMediaType,
} from "../api-errors";
import { REQUEST_CONTENT_TYPES } from "../content-types";
import type { Examples } from "../operation";
import { parseOrThrow, parseQueryOrThrow } from "../validation";
import { EXAMPLE_GUID, EXAMPLE_ID } from "./examples";

export const success = (data: unknown) => ({ error: null, data, status: "success" });
const failed = (error: ApiError | DomainError) => ({
  error: (error instanceof ApiError ? error : fromDomainError(error)).toErrorObject(EXAMPLE_GUID),
  data: null,
  status: "failed",
});

/** 200 in the success envelope; `examples` hold the envelope's data. */
export function okResponse(description: string, data: z.ZodType, id: string, examples: Examples) {
  const enveloped = Object.entries(examples).map(([name, { summary, value }]) => [
    name,
    { summary, value: success(value) },
  ]);
  return {
    description,
    content: {
      "application/json": {
        schema: successEnvelope(data).meta({
          id,
          description: "Success envelope: error null, status success.",
        }),
        examples: Object.fromEntries(enveloped),
      },
    },
  };
}

export function failureResponse(
  description: string,
  examples: Record<string, { summary: string; error: ApiError | DomainError }>,
): ResponseConfig {
  return {
    description,
    content: {
      "application/json": {
        schema: failureEnvelopeSchema,
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, { summary, error }]) => [
            name,
            { summary, value: failed(error) },
          ]),
        ),
      },
    },
  };
}

/** The 400 the API answers for this body: the example is what parsing it really produces. */
export function rejection(schema: z.ZodType, body: unknown): ApiError {
  try {
    parseOrThrow(schema, body);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the invalid example body was accepted");
}

/** The 400 the API answers for a query with a parameter the schema does not take; none when it ignores them. */
export function queryRejection(schema: z.ZodObject): ApiError | undefined {
  try {
    parseQueryOrThrow(schema, new URLSearchParams({ colour: "blue" }));
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

export const badQuery = (invalid: ApiError) =>
  failureResponse(
    "A query parameter the operation does not take, or a value it refuses. The message names each.",
    {
      invalidQuery: { summary: "Unknown query parameter", error: invalid },
    },
  );

export const badRequest = (invalid: ApiError) =>
  failureResponse(
    "The request does not conform: invalid or missing fields, unknown properties, malformed JSON or an " +
      "unsupported Content-Type. The message names every offending field.",
    {
      invalidField: { summary: "Invalid fields", error: invalid },
      contentType: { summary: "Unsupported Content-Type", error: unsupportedMediaType() },
    },
  );

export const unauthorized = () =>
  failureResponse("The x-api-key header is missing, or the key is unknown, revoked or expired.", {
    missing: { summary: "No x-api-key header", error: apiKeyMissing() },
    invalid: { summary: "Unknown or revoked key", error: apiKeyInvalid() },
    expired: { summary: "Expired key", error: apiKeyExpired(new Date("2026-12-01T12:00:00Z")) },
  });

/** What every platform API operation may answer besides 200, 400, 413 and 500. */
export const platformFailures = (): Record<number, ResponseConfig> => ({
  401: failureResponse("The Authorization header is missing, or the token is unknown, revoked or expired.", {
    missing: { summary: "No bearer token", error: tokenMissing() },
    invalid: { summary: "Unknown or revoked token", error: tokenInvalid() },
    expired: { summary: "Expired token", error: tokenExpired(new Date("2026-12-01T12:00:00Z")) },
  }),
  403: failureResponse("The token's user has no role that may do this (the permission table).", {
    forbidden: {
      summary: "Role does not allow it",
      error: forbidden("Your role does not allow you to decide channel requests."),
    },
  }),
  404: failureResponse("No such record (or a provider's test data, which the console never shows).", {
    notFound: { summary: "Unknown id", error: notFound("No such channel request.") },
  }),
  409: failureResponse("The record's state does not allow it (already decided, already refunded…).", {
    conflict: { summary: "Already decided", error: conflict("This request was already approved.") },
  }),
});

/** An operation that changes something, called with a read-only key. */
export const readOnlyForbidden = (method: string, path: string) =>
  failureResponse('The API key is read-only (scope "read"): it may call only the operations that read.', {
    readOnly: { summary: "Read-only key", error: readOnlyKey(method, path) },
  });

export const tooLarge = (limit = MAX_BODY_BYTES) =>
  failureResponse(`The body is larger than ${limit} bytes.`, {
    tooLarge: { summary: "Body too large", error: payloadTooLarge(limit) },
  });

export const serverBusyResponse = () =>
  failureResponse(
    "Bodies over 64 KiB are admitted by the server's memory budget; this one did not get its turn within 20 s and nothing was done. Retry after `Retry-After` seconds with the same Idempotency-Key.",
    { busy: { summary: "Server busy", error: serverBusy(5) } },
  );

/** Sandbox helpers: generated events a provider may have queued a minute (lib/domain/webhooks/outbox.ts). */
export const tooManyGeneratedEvents = (): ResponseConfig => ({
  ...failureResponse(
    `The provider had ${GENERATED_EVENTS_PER_MINUTE} events queued in the last minute: each is a callback to send, so a loop must not fill the queue. Retry after \`Retry-After\` seconds.`,
    {
      tooMany: {
        summary: "Too many generated events",
        error: tooMany(
          `At most ${GENERATED_EVENTS_PER_MINUTE} events a minute may be generated. Try again in a minute.`,
        ),
      },
    },
  ),
  headers: {
    "Retry-After": {
      description: "Seconds until an event ages out of the minute and one may be generated again.",
      required: true,
      schema: { type: "integer", minimum: 1, maximum: 60 },
    },
  },
});

export const serverError = () =>
  failureResponse("Unexpected server failure. The guid identifies the occurrence in the server log.", {
    exception: { summary: "Internal error", error: internalError() },
  });

export const channelNotFound = () =>
  failureResponse(
    "The provider has no channel with this providerDeliveryChannelId. Other providers' channels are " +
      "invisible and answer 404 as well.",
    {
      notFound: {
        summary: "Unknown channel",
        error: notFound(`No delivery channel with providerDeliveryChannelId "${EXAMPLE_ID}".`),
      },
    },
  );

export function jsonBody(schema: z.ZodType, description: string, example: unknown) {
  return {
    description,
    required: true,
    content: Object.fromEntries(REQUEST_CONTENT_TYPES.map((type) => [type, { schema, example }])),
  };
}
