/**
 * A process-wide cache that every process sharing the database empties together: `forget` clears
 * this process's entries and signals the others (lib/db/signals.ts), which clear theirs. While this
 * process's signal connection is down it could miss another's forget, so it then reads no cache.
 * A lookup takes a `mark` before it reads the database and caches what it read only if no forget
 * came in between, so a revocation during a lookup is never undone by it.
 */
import { db, listen, onSignal, type SignalName, sendSignal, signalsLive } from "../db";

interface Store<T> {
  entries: Map<string, { value: T; until: number }>;
  /** Bumped by every forget. */
  generation: number;
  subscribed: boolean;
}

export interface SignalledCache<T> {
  /** The entry still valid at `now`, or undefined (always, while a forget could be missed). */
  get(key: string, now: number): T | undefined;
  /** Taken before a lookup: null while the cache is not to be used. */
  mark(): number | null;
  /** Caches what a lookup read, unless a forget came after its `mark`. */
  set(key: string, value: T, until: number, mark: number | null): void;
  delete(key: string): void;
  /** Call after any change that makes entries wrong, once it is committed. */
  forget(): Promise<void>;
}

// On globalThis: Next's bundle and the node:http fast path each load their own copy of a module,
// and a forget through one must be seen by the other.
const shared = globalThis as unknown as { portalSignalledCaches?: Map<string, Store<unknown>> };
const stores = (shared.portalSignalledCaches ??= new Map());

export function signalledCache<T>(signal: SignalName): SignalledCache<T> {
  let store = stores.get(signal) as Store<T> | undefined;
  if (!store) {
    store = { entries: new Map(), generation: 0, subscribed: false };
    stores.set(signal, store as Store<unknown>);
  }
  const cache = store;
  const forgetLocally = () => {
    cache.generation++;
    cache.entries.clear();
  };
  const usable = (): boolean => {
    if (!cache.subscribed) {
      cache.subscribed = true;
      onSignal(signal, forgetLocally);
    }
    if (signalsLive()) return true;
    void listen();
    return false;
  };
  return {
    get(key, now) {
      if (!usable()) return undefined;
      const entry = cache.entries.get(key);
      return entry && entry.until > now ? entry.value : undefined;
    },
    mark: () => (usable() ? cache.generation : null),
    set(key, value, until, mark) {
      if (mark !== null && mark === cache.generation) cache.entries.set(key, { value, until });
    },
    delete: (key) => void cache.entries.delete(key),
    async forget() {
      forgetLocally();
      await sendSignal(db(), signal);
    },
  };
}
