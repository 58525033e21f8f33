/**
 * The production server (`npm start`): applies pending migrations, then serves the provider API
 * paths through the node:http fast path and everything else through Next's request handler.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, then exit.
 */
import "./check-config";
import { createServer } from "node:http";
import next from "next";
import { setClientAddress } from "../lib/auth/client-address";
import { isPortalHost } from "../lib/auth/portal-host";
import { databaseKind, databaseUrl, drainDelayMs, metricsToken, port, workersInProcess } from "../lib/config";
import { disconnectDb, listen } from "../lib/db";
import { flushKeyRequests } from "../lib/domain/keys";
import { markDraining } from "../lib/infrastructure/draining";
import { stopTracing } from "../lib/infrastructure/tracing";
import { startWorkers } from "../lib/jobs/workers";
import { log } from "../lib/log";
import { refuseOverBudgetAction } from "./action-arguments-budget";
import { serveApiFastPath } from "./api-fast-path";
import { applyMigrations, projectRoot } from "./apply-migrations";
import { passBuildConfig } from "./build-config";
import { METRICS_PATH, serveMetrics } from "./metrics-endpoint";
import { measureRequest } from "./request-metrics";

const DRAIN_TIMEOUT_MS = 10_000;

/** Whether the path's percent-escapes decode: Next answers 500 on one that does not (`/keys/%`). */
function decodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split("?")[0]!);
    return true;
  } catch {
    return false;
  }
}

/** `GET http://host/api/health HTTP/1.1` (absolute-form, RFC 9112 §3.2.2) names the same path. */
function originForm(target: string): string {
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target);
  return absolute ? target.slice(absolute[0].length) || "/" : target;
}

/** The page whose server action needs no session: an invitation's (app/(auth)/invite/[token]). */
const PUBLIC_ACTION_PAGE = "/invite/";

async function main() {
  log.info({ database: databaseKind(databaseUrl()) }, "applying migrations");
  log.info({ migrations: await applyMigrations(projectRoot) }, "migrations ready");
  passBuildConfig(projectRoot);
  const app = next({ dev: false, dir: projectRoot });
  await app.prepare();
  const handleWithNext = app.getRequestHandler();
  // On PostgreSQL, the connection that hears other instances' signals (changed keys, new events)
  // comes up before traffic: readiness waits for it, since this instance's caches rely on it.
  if (databaseKind(databaseUrl()) === "postgres") await listen();

  let stopping = false;
  // Requests are measured only while GET /metrics can be read (a setting fixed at start).
  const measuring = metricsToken() !== undefined;
  const server = createServer((request, response) => {
    // While draining, every answer closes its connection once sent: a keep-alive connection busy
    // at SIGTERM would otherwise hold the server open until the drain timeout.
    if (stopping) response.setHeader("connection", "close");
    response.once("finish", () => {
      if (stopping) request.socket.end();
    });
    request.url = originForm(request.url ?? "/");
    const routeIs = measuring ? measureRequest(request, response) : undefined;
    const apiRoute = serveApiFastPath(request, response);
    if (apiRoute) {
      routeIs?.(apiRoute);
      return;
    }
    if (request.url === METRICS_PATH || request.url.startsWith(`${METRICS_PATH}?`)) {
      routeIs?.(METRICS_PATH);
      serveMetrics(request, response).catch((error: unknown) => {
        log.error({ err: error }, "metrics failed");
        if (!response.headersSent) response.writeHead(500).end();
      });
      return;
    }
    // After the provider API, which never reads the client's address (a few µs of its ~75).
    setClientAddress(request);
    // `OPTIONS *` and other request-targets that are not paths, or paths with a broken escape: Next
    // would fail on them with a 500.
    if (!request.url?.startsWith("/") || !decodablePath(request.url)) {
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("Bad request target");
      return;
    }
    // Every server action needs a signed-in user; without a session cookie, refuse before Next
    // decodes a body of up to 6 MB (the delivery CSV limit) for an action that would refuse anyway.
    // The one exception: accepting an invitation (its token authorizes it), on its own page.
    if (
      request.headers["next-action"] &&
      !/session_token=/.test(request.headers.cookie ?? "") &&
      !request.url.startsWith(PUBLIC_ACTION_PAGE)
    ) {
      response.writeHead(401, { "content-type": "text/plain; charset=utf-8" }).end("Sign in first");
      return;
    }
    if (!isPortalHost(request.headers.host)) {
      response
        .writeHead(421, { "content-type": "text/plain; charset=utf-8" })
        .end("This server does not serve the portal for this host: set PORTAL_HOSTS or BETTER_AUTH_URL.");
      return;
    }
    const failed = (error: unknown) => {
      log.error({ err: error, path: request.url }, "next handler failed");
      if (!response.headersSent) response.writeHead(500).end();
    };
    if (!request.headers["next-action"] || request.method !== "POST") {
      handleWithNext(request, response).catch(failed);
      return;
    }
    // An action's arguments past React's array budget would be a 500 inside Next.
    refuseOverBudgetAction(request, response)
      .then((refused) => (refused ? undefined : handleWithNext(request, response)))
      .catch(failed);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port(), () => log.info({ port: port() }, "listening"));
  // Background work runs in this process by default (the embedded single-machine setup).
  const stopWorkers = workersInProcess() ? startWorkers() : undefined;

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Unready first (GET /api/health/ready answers 503), so a load balancer stops sending requests
    // during DRAIN_DELAY_SECONDS; then it stops accepting and lets in-flight requests finish.
    markDraining();
    log.info({ signal, delaySeconds: drainDelayMs() / 1000 }, "draining in-flight requests");
    if (drainDelayMs() > 0) setTimeout(closeServer, drainDelayMs());
    else closeServer();
  };
  const closeServer = () => {
    server.close(async () => {
      await stopWorkers?.();
      // The API keys' request log is buffered in memory: write what the last requests left.
      await flushKeyRequests();
      await disconnectDb();
      log.info("stopped");
      await stopTracing();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      log.warn("drain timed out; exiting");
      process.exit(1);
    }, DRAIN_TIMEOUT_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, "could not start");
  process.exit(1);
});
