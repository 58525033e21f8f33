/**
 * GET /api/health: 200 once the database answers, 503 in the failure envelope otherwise (load
 * balancers, start scripts). No API key: it tells nothing about any provider.
 */
import { databaseReachable } from "../db";
import { type ApiHandler, failure, methodMatches } from "./endpoint";
import { ApiError, methodNotAllowed } from "./errors";

const NO_STORE = { "cache-control": "no-store" };

export const health: ApiHandler = async (request) => {
  if (!methodMatches(request.method, "GET")) return failure(methodNotAllowed(["GET"]), request);
  if (await databaseReachable()) {
    return {
      status: 200,
      json: '{"error":null,"data":{"database":"up"},"status":"success"}',
      headers: NO_STORE,
    };
  }
  const down = new ApiError(
    503,
    "ServiceUnavailable",
    "Service Unavailable",
    "The database is not reachable.",
  );
  const result = failure(down, request);
  return { ...result, headers: { ...result.headers, ...NO_STORE } };
};
