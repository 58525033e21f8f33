/**
 * The rate-limit counters in Redis (REDIS_URL): one key per API key and window, INCR and EXPIRE in
 * one MULTI, so every app instance counts in the same place with one round trip. The client is
 * loaded and connected on first use. While Redis is unreachable a count fails at once (no offline
 * queue, a short command timeout) and the caller lets the request through (lib/domain/request-guards/rate-counter.ts).
 */
import { log } from "../log";

/** A count slower than this is given up: the request goes on uncounted rather than wait. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1000;
/** Reconnection attempts back off up to this delay. */
const MAX_RECONNECT_DELAY_MS = 2000;

type Client = ReturnType<typeof import("redis").createClient>;

async function connectedClient(url: string): Promise<Client> {
  const { createClient } = await import("redis");
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
  // Without a listener an error event would crash the process; the counts' failures are logged.
  client.on("error", (error: unknown) => log.debug({ err: error }, "redis client error"));
  // The first count waits for the connection, at most CONNECT_TIMEOUT_MS; the client keeps
  // reconnecting in the background, and counts fail at once until it is ready.
  const connected = client.connect().catch((error: unknown) => {
    log.warn({ err: error }, "could not connect to Redis");
  });
  await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS))]);
  return client;
}

/** A RateCounter of lib/domain/request-guards/rate-counter.ts (typed there, which imports this module). */
export function redisCounter(setting: { url: string; keyPrefix: string }) {
  let client: Promise<Client> | undefined;
  return {
    async hit(apiKeyId: string, window: { start: number; seconds: number }) {
      client ??= connectedClient(setting.url);
      const redis = await client;
      if (!redis.isReady) throw new Error("Redis is not connected");
      const key = `${setting.keyPrefix}ratelimit:${apiKeyId}:${window.start}`;
      // The key names its window: the expiry only clears it away once that window is over.
      const [count] = await redis
        .multi()
        .incr(key)
        .expire(key, window.seconds + 1)
        .exec();
      return { count: Number(count), windowStart: window.start };
    },
  };
}
