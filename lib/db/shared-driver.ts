/**
 * A driver-level helper (a prepared statement on its own connection) opened once per process for the
 * configured database. On globalThis, like the Prisma client: Next's bundle and the fast path share it.
 */
import { databaseKind, databaseUrl } from "../config";

interface Closable {
  close(): Promise<void>;
}

export function sharedDriver<T extends Closable>(
  name: string,
  open: { sqlite: (url: string) => T; postgres: (url: string) => T },
) {
  const shared = globalThis as unknown as Record<string, T | undefined>;
  return {
    get(): T {
      shared[name] ??= open[databaseKind()](databaseUrl());
      return shared[name];
    },
    async close(): Promise<void> {
      await shared[name]?.close();
      shared[name] = undefined;
    },
  };
}
