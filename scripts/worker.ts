/**
 * `npm run worker`: the background workers without the web server, for scale (run several; they
 * share the work safely through leases). Use WORKERS_IN_PROCESS=false on the web servers then.
 * Honours DATABASE_URL like the server; SIGTERM/SIGINT finish the work in hand, then exit.
 */
import "../server/check-config";
import { databaseKind, databaseUrl } from "../lib/config";
import { disconnectDb } from "../lib/db";
import { startWorkers } from "../lib/jobs/workers";
import { log } from "../lib/log";

const stop = startWorkers();
log.info({ database: databaseKind(databaseUrl()), pid: process.pid }, "worker started");

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "worker stopping");
  await stop();
  await disconnectDb();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
