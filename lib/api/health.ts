/** GET /api/health: 200 once the database answers, 503 otherwise (load balancers, start scripts). */
import { databaseReachable } from "../db";
import type { ApiResult } from "./endpoint";

export async function health(): Promise<ApiResult> {
  const ok = await databaseReachable();
  return {
    status: ok ? 200 : 503,
    json: JSON.stringify({
      error: null,
      data: { database: ok ? "up" : "down" },
      status: ok ? "success" : "failed",
    }),
    headers: { "cache-control": "no-store" },
  };
}
