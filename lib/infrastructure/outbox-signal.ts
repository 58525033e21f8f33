/**
 * A nudge from code that just committed an outbox event to the dispatcher in the same process, so
 * that the callback leaves at once rather than at the next poll. Events committed by other processes
 * sharing a PostgreSQL database wake it through their commit's signal (queueEvent, lib/db/signals.ts).
 * Polling (WEBHOOK_POLL_MS) still finds anything a lost nudge or signal missed.
 */
import { EventEmitter } from "node:events";
import { onSignal } from "../db";

const shared = globalThis as unknown as { portalOutboxSignal?: EventEmitter };
const signal = (shared.portalOutboxSignal ??= new EventEmitter().setMaxListeners(100));

export function notifyOutboxWritten(): void {
  signal.emit("written");
}

/** Calls `listener` on every nudge and every other process's signal; returns the function that stops listening. */
export function onOutboxWritten(listener: () => void): () => void {
  signal.on("written", listener);
  const stopSignal = onSignal("outbox_written", listener);
  return () => {
    signal.off("written", listener);
    stopSignal();
  };
}
