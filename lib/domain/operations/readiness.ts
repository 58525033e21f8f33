/**
 * Whether this instance should get traffic (GET /api/health/ready), and if not, which check says no:
 * it is not draining, its database answers and holds every migration this build carries, on
 * PostgreSQL its connection for cross-process signals is up (its caches are only safe with it), and
 * the webhook dispatchers keep up (the oldest due event has not waited past the limit).
 */
import { drainDelayMs, readyOutboxMaxAgeSeconds } from "../../config";
import { databaseReachable, listen, pendingMigrations, signalsLive } from "../../db";
import { isDraining } from "../../infrastructure/draining";
import { oldestDueEventSeconds } from "../webhooks";

export interface Readiness {
  ready: boolean;
  /** Each check's finding, in a few words; the failed ones are listed in `failed`. */
  checks: { draining: boolean; database: string; migrations: string; signals: string; outbox: string };
  failed: string[];
}

export async function readiness(now = new Date()): Promise<Readiness> {
  const failed: string[] = [];
  const draining = isDraining();
  if (draining)
    failed.push(`draining: the server is stopping (DRAIN_DELAY_SECONDS=${drainDelayMs() / 1000})`);
  if (!(await databaseReachable())) {
    failed.push("database: not reachable");
    const unknown = "not checked: the database is down";
    return {
      ready: false,
      checks: { draining, database: "down", migrations: unknown, signals: unknown, outbox: unknown },
      failed,
    };
  }
  const pending = await pendingMigrations();
  if (pending.length) failed.push(`migrations: ${pending.length} not applied (${pending.join(", ")})`);
  const signals = signalsLive();
  // The connection starts with the first subscriber; readiness asks for it too, so it comes up.
  if (!signals) {
    void listen();
    failed.push("signals: the PostgreSQL LISTEN connection is not up");
  }
  const waited = await oldestDueEventSeconds(now);
  const limit = readyOutboxMaxAgeSeconds();
  if (waited > limit)
    failed.push(
      `outbox: the oldest due webhook event has waited ${waited} s (READY_OUTBOX_MAX_AGE_SECONDS=${limit})`,
    );
  return {
    ready: failed.length === 0,
    checks: {
      draining,
      database: "up",
      migrations: pending.length ? `${pending.length} not applied` : "all applied",
      signals: signals ? "up" : "down",
      outbox: `oldest due event waited ${waited} s of ${limit}`,
    },
    failed,
  };
}
