/**
 * GET /api/health: 200 once the database answers, 503 in the failure envelope otherwise (load
 * balancers, start scripts). No API key: it tells nothing about any provider.
 */
import { z } from "zod";
import { databaseReachable } from "../../db";
import { readiness } from "../../domain/operations";
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

/** GET /api/health/live: the process serves. No database call: a slow database must not get it restarted. */
export const healthLive = defineOperation({
  operationId: "healthLive",
  method: "GET",
  path: "/api/health/live",
  auth: "none",
  published: false,
  tag: "Operations",
  summary: "Alive",
  description:
    "200 while the process serves requests (a liveness probe). It reads nothing: a slow or lost database makes an instance unready, not dead. Never cached.",
  response: z.strictObject({ alive: z.literal(true) }),
  headers: { "cache-control": "no-store" },
  run: async () => ({ alive: true as const }),
  docs: () => ({
    responseId: "HealthLiveResponse",
    ok: {
      description: "The process serves.",
      examples: { alive: { summary: "Alive", value: { alive: true } } },
    },
    responses: {},
  }),
});

const checksSchema = z.strictObject({
  draining: z.boolean(),
  database: z.string(),
  migrations: z.string(),
  signals: z.string(),
  outbox: z.string(),
});

const notReady = (failed: string[]) =>
  new ApiError(503, "ServiceUnavailable", "Service Unavailable", `Not ready: ${failed.join("; ")}.`, true);

/**
 * GET /api/health/ready: 200 when this instance should get traffic (lib/domain/operations/readiness.ts),
 * otherwise 503 in the failure envelope naming each failed check.
 */
export const healthReady = defineOperation({
  operationId: "healthReady",
  method: "GET",
  path: "/api/health/ready",
  auth: "none",
  published: false,
  tag: "Operations",
  summary: "Ready",
  description:
    "200 when this instance should get traffic (a readiness probe): not draining, the database answers and holds every migration of this build, on PostgreSQL the signal connection is up, and the oldest due webhook event has waited at most READY_OUTBOX_MAX_AGE_SECONDS. Otherwise 503, naming each failed check. Never cached.",
  response: z.strictObject({ ready: z.literal(true), checks: checksSchema }),
  headers: { "cache-control": "no-store" },
  run: async () => {
    const { ready, checks, failed } = await readiness();
    if (!ready) throw notReady(failed);
    return { ready: true as const, checks };
  },
  docs: () => ({
    responseId: "HealthReadyResponse",
    ok: {
      description: "This instance should get traffic; each check's finding.",
      examples: {
        ready: {
          summary: "Ready",
          value: {
            ready: true,
            checks: {
              draining: false,
              database: "up",
              migrations: "all applied",
              signals: "up",
              outbox: "oldest due event waited 0 s of 300",
            },
          },
        },
      },
    },
    responses: {
      503: failureResponse("This instance should not get traffic; the message names each failed check.", {
        draining: {
          summary: "Draining",
          error: notReady(["draining: the server is stopping (DRAIN_DELAY_SECONDS=5)"]),
        },
      }),
    },
  }),
});
