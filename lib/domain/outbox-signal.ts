/**
 * A nudge from code that just committed an outbox event to the dispatcher in the same process, so
 * that the callback leaves at once rather than at the next poll. Other processes' events are found
 * by polling (WEBHOOK_POLL_MS); the nudge only shortens the wait.
 */
import { EventEmitter } from "node:events";

const shared = globalThis as unknown as { portalOutboxSignal?: EventEmitter };
const signal = (shared.portalOutboxSignal ??= new EventEmitter().setMaxListeners(100));

export function notifyOutboxWritten(): void {
  signal.emit("written");
}

/** Calls `listener` on every nudge; returns the function that stops listening. */
export function onOutboxWritten(listener: () => void): () => void {
  signal.on("written", listener);
  return () => signal.off("written", listener);
}
