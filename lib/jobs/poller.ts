/**
 * A background loop that runs `round` every `intervalMs`, one round at a time (a slow round delays
 * the next instead of overlapping it), logging a failed round and going on. The returned function
 * stops it and waits for the round in hand.
 */
import { log } from "../log";

export function pollEvery(
  name: string,
  intervalMs: number,
  round: () => Promise<unknown>,
): () => Promise<void> {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    current = current.then(() =>
      stopped ? 0 : round().catch((error: unknown) => log.error({ err: error }, `${name} round failed`)),
    );
  }, intervalMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
