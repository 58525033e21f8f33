/**
 * Starts traces before the process's own modules load, so that the http and pg instrumentations can
 * patch `node:http` and `pg` as they are imported (docs/operations.md "Traces"). Loaded with
 * `--import`, after tsx, ahead of the server's entry (server/supervisor.ts SERVER_NODE_ARGS) and of
 * the worker's (`npm run worker`, the image's `worker`). Off (no OTLP endpoint), it loads nothing more.
 *
 * Under ESM a module is patched only if a loader hook sees its import: import-in-the-middle's
 * synchronous hooks (module.registerHooks, in this thread, no message channel), limited to the two
 * modules instrumented so that no other import pays for it.
 */
import { tracingEnabled } from "../lib/config";

/** Which process this is, for the spans' resource: the worker's entry is scripts/worker.ts. */
function roleOf(entry: string | undefined): "server" | "worker" {
  return entry?.endsWith("worker.ts") || entry?.endsWith("worker.js") ? "worker" : "server";
}

/** Settings it cannot read are the entry's to report (server/check-config.ts: its message, its exit code). */
function tracingWanted(): boolean {
  try {
    return tracingEnabled();
  } catch {
    return false;
  }
}

if (tracingWanted()) {
  const { register } = await import("import-in-the-middle/register-hooks.mjs");
  register({ include: ["node:http", "http", "pg"] });
  const { startTracing } = await import("../lib/infrastructure/tracing");
  await startTracing(roleOf(process.argv[1]));
}
