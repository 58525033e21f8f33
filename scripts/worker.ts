/**
 * `npm run worker`: the background workers without the web server, for scale (run several; they
 * share the work safely through leases). Use WORKERS_IN_PROCESS=false on the web servers then.
 * Honours DATABASE_URL like the server; SIGTERM/SIGINT finish the work in hand, then exit.
 */
import "../server/check-config";
import { createServer } from "node:http";
import { databaseKind, databaseUrl, metricsToken, workerMetricsPort } from "../lib/config";
import { disconnectDb } from "../lib/db";
import { stopTracing } from "../lib/infrastructure/tracing";
import { startWorkers } from "../lib/jobs/workers";
import { log } from "../lib/log";
import { METRICS_PATH, serveMetrics } from "../server/metrics-endpoint";

const stop = startWorkers();
log.info({ database: databaseKind(databaseUrl()), pid: process.pid }, "worker started");

// A worker serves no HTTP but its own GET /metrics: its webhook attempts are counted in this process.
const metricsPort = workerMetricsPort();
const metricsServer =
  metricsToken() && metricsPort
    ? createServer((request, response) => {
        if (request.url !== METRICS_PATH) return void response.writeHead(404).end();
        serveMetrics(request, response).catch((error: unknown) => {
          log.error({ err: error }, "metrics failed");
          if (!response.headersSent) response.writeHead(500).end();
        });
      }).listen(metricsPort, () => log.info({ port: metricsPort }, "worker metrics listening"))
    : undefined;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "worker stopping");
  metricsServer?.close();
  await stop();
  await disconnectDb();
  await stopTracing();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
