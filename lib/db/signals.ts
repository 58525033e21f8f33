/**
 * Signals between the processes that share one PostgreSQL database (app instances and `npm run
 * worker`s): PostgreSQL LISTEN/NOTIFY, one listening connection per process, opened by the first
 * `onSignal`. Used where waiting for a poll or a cache to expire would be wrong: a revoked API key
 * must stop working on every instance at once, and an outbox write should wake a worker elsewhere.
 *
 * On SQLite the app is one process per database file and signals stay in the process: the callers
 * act on their own process directly (clearing a cache, nudging the dispatcher), so nothing is sent.
 *
 * The test databases are schemas of one PostgreSQL database and NOTIFY is per database, so every
 * payload names its schema and a listener ignores other schemas' signals.
 */
import pg from "pg";
import { databaseKind, databaseUrl } from "../config";
import { log } from "../log";
import { pgConfig, pgSchema } from "./adapters";

export type SignalName = "api_keys_changed" | "outbox_written";

/** A Prisma client or transaction (typed here: importing lib/db's Tx would be an import cycle). */
interface RawExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

const CHANNEL = "dcp_signals";
const RECONNECT_MS = 1_000;

type Listener = () => void;
interface SignalState {
  listeners: Map<SignalName, Set<Listener>>;
  client?: pg.Client;
  connecting?: Promise<void>;
  /** True while the listening connection is up: until then, and after it drops, signals can be missed. */
  live: boolean;
  closed: boolean;
  reconnectTimer?: NodeJS.Timeout;
}

// On globalThis: Next's bundle and the node:http fast path load their own copies of this module and
// must share one connection and one set of listeners.
const shared = globalThis as unknown as { portalSignals?: SignalState };
const initial: SignalState = { listeners: new Map(), live: false, closed: false };
const state = (shared.portalSignals ??= initial);

const onPostgres = () => databaseKind(databaseUrl()) === "postgres";
const payloadOf = (name: SignalName) => `${pgSchema(databaseUrl()) ?? ""}|${name}`;

/**
 * True when this process cannot miss another process's signal: always on SQLite (there is no other
 * process), on PostgreSQL while the listening connection is up. Caches of cross-process facts are
 * only safe to use while this holds.
 */
export function signalsLive(): boolean {
  return !onPostgres() || state.live;
}

/** Calls `listener` on every signal `name` from any process (this one included); returns the unsubscribe. */
export function onSignal(name: SignalName, listener: Listener): () => void {
  let set = state.listeners.get(name);
  if (!set) state.listeners.set(name, (set = new Set()));
  set.add(listener);
  if (onPostgres()) void listen();
  return () => set.delete(listener);
}

/**
 * Sends `name` to every process: inside a transaction, once it commits (PostgreSQL drops it on
 * rollback, and coalesces repeats); through the client, at once.
 */
export async function sendSignal(through: RawExecutor, name: SignalName): Promise<void> {
  if (!onPostgres()) return;
  await through.$executeRawUnsafe("SELECT pg_notify($1, $2)", CHANNEL, payloadOf(name));
}

function dispatch(names: Iterable<SignalName>): void {
  for (const name of names) {
    for (const listener of state.listeners.get(name) ?? []) {
      try {
        listener();
      } catch (error) {
        log.error({ err: error, signal: name }, "a signal listener failed");
      }
    }
  }
}

/** Opens the listening connection if it is not open (it is reopened on its own after a drop). */
export function listen(): Promise<void> {
  if (state.client || state.closed) return Promise.resolve();
  state.connecting ??= connect().finally(() => {
    state.connecting = undefined;
  });
  return state.connecting;
}

async function connect(): Promise<void> {
  const { max: _max, ...config } = pgConfig(databaseUrl());
  // The pid in the name lets an operator (and the test of several instances) see who listens.
  const client = new pg.Client({ ...config, application_name: `dcp-signals ${process.pid}` });
  const schema = pgSchema(databaseUrl()) ?? "";
  client.on("notification", (message) => {
    const [from, name] = (message.payload ?? "").split("|");
    if (from === schema && name) dispatch([name as SignalName]);
  });
  client.on("error", (error) => dropped(client, error));
  client.on("end", () => dropped(client));
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  } catch (error) {
    dropped(client, error);
    return;
  }
  if (state.closed) {
    await client.end().catch(() => undefined);
    return;
  }
  state.client = client;
  state.live = true;
  // Whatever was signalled while no connection listened is lost: act as if everything was.
  dispatch(state.listeners.keys());
}

function dropped(client: pg.Client, error?: unknown): void {
  if (state.client && state.client !== client) return;
  if (state.live) log.warn({ err: error }, "the signal connection dropped: reconnecting");
  state.client = undefined;
  state.live = false;
  client.removeAllListeners("end");
  client.end().catch(() => undefined);
  if (state.closed || state.reconnectTimer) return;
  state.reconnectTimer = setTimeout(() => {
    state.reconnectTimer = undefined;
    void listen();
  }, RECONNECT_MS);
  state.reconnectTimer.unref();
}

/** Closes the listening connection (disconnectDb); a later onSignal opens it again. */
export async function closeSignals(): Promise<void> {
  state.closed = true;
  clearTimeout(state.reconnectTimer);
  state.reconnectTimer = undefined;
  await state.connecting;
  const client = state.client;
  state.client = undefined;
  state.live = false;
  if (client) {
    client.removeAllListeners("end");
    await client.end().catch(() => undefined);
  }
  state.closed = false;
}
