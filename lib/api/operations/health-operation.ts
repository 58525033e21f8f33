/**
 * GET /api/health: 200 once the database answers, 503 in the failure envelope otherwise (load
 * balancers, start scripts). No API key: it tells nothing about any provider.
 */
import { z } from "zod";
import { databaseReachable } from "../../db";
import { ApiError } from "../api-errors";
import { failureResponse } from "../openapi/document-responses";
import { defineOperation } from "../operation";

const databaseDown = () =>
  new ApiError(503, "ServiceUnavailable", "Service Unavailable", "The database is not reachable.");

export const health = defineOperation({
  operationId: "health",
  method: "GET",
  path: "/api/health",
  auth: "none",
  // For load balancers and start scripts, not for providers.
  published: false,
  tag: "Operations",
  summary: "Health",
  description: "200 when the database answers, 503 otherwise. Never cached.",
  response: z.strictObject({ database: z.literal("up") }),
  headers: { "cache-control": "no-store" },
  run: async () => {
    if (await databaseReachable()) return { database: "up" };
    throw databaseDown();
  },
  docs: () => ({
    responseId: "HealthResponse",
    ok: {
      description: "The database answers.",
      examples: { up: { summary: "Up", value: { database: "up" } } },
    },
    responses: {
      503: failureResponse("The database is not reachable.", {
        down: { summary: "Database down", error: databaseDown() },
      }),
    },
  }),
});
