/**
 * The background workers of the product: the webhook dispatcher, the sandbox's decider, the
 * expiry of payments awaiting approval, the notifier and retention always, the translation worker when a translator is
 * configured, the mail worker when SMTP_URL is. `npm start` runs them in the app process (the embedded default) unless
 * WORKERS_IN_PROCESS=false; `npm run worker` runs them alone, as many processes as needed; `npm run
 * dev` runs them in the dev server (instrumentation.ts), so that webhooks go out in development too.
 */
import { settings, workersInProcess } from "../config";
import { startMailDispatcher } from "./mail-dispatcher";
import { startNotifier } from "./notifier";
import { startPaymentExpiry } from "./payment-expiry";
import { startRetention } from "./retention-sweep";
import { startSandboxDecider } from "./sandbox-decider";
import { startTranslationWorker } from "./translation-worker";
import { configuredTranslator } from "./translators";
import { startWebhookDispatcher } from "./webhook-dispatcher";

/** Starts the workers; the returned function stops them and waits for the work in hand. */
export function startWorkers(): () => Promise<void> {
  const translator = configuredTranslator();
  const mail = startMailDispatcher();
  const stops = [
    startWebhookDispatcher(),
    startSandboxDecider(),
    startPaymentExpiry(),
    startNotifier(),
    startRetention(),
    ...(translator ? [startTranslationWorker(translator)] : []),
    ...(mail ? [mail] : []),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

const globalForWorkers = globalThis as unknown as { devWorkers?: () => Promise<void> };

/**
 * Under `next dev` only (production starts them in server/index.ts, which Next's register() would
 * otherwise double): once per process, however often the dev server reloads this module.
 */
export function startDevelopmentWorkers(): void {
  if (settings().NODE_ENV !== "development" || !workersInProcess()) return;
  globalForWorkers.devWorkers ??= startWorkers();
}
