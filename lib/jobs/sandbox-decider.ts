/**
 * Decides test-mode channel requests once SANDBOX_DECISION_DELAY_SECONDS have passed (the rule in
 * lib/domain/sandbox/test-mode.ts). Every round reads the due requests from the database, so a restart or a
 * crash loses nothing, and several workers may run: a request decided by one is a conflict the
 * others skip.
 */
import { decideDueSandboxRequests } from "../domain/sandbox";
import { log } from "../log";
import { pollEvery } from "./poller";

/** Polls every `intervalMs` until stopped; the returned function stops it and waits for the round. */
export function startSandboxDecider(intervalMs = 1_000): () => Promise<void> {
  const stop = pollEvery("sandbox decider", intervalMs, () => decideDueSandboxRequests());
  log.info("sandbox decider started");
  return stop;
}
