/** Structured JSON logs (pino), one line per event, to stdout. */
import pino from "pino";
import { logLevel, tracingEnabled } from "./config";
import { traceFields } from "./infrastructure/tracing";

/** LOG_LEVEL, or info while the settings are invalid: the logger must live to report them. */
function level(): string {
  try {
    return logLevel();
  } catch {
    return "info";
  }
}

/** Whether traces may be on: only then does each line carry the active span's trace_id and span_id. */
function traced(): boolean {
  try {
    return tracingEnabled();
  } catch {
    return false;
  }
}

export const log = pino({
  level: level(),
  base: { service: "delivery-channel-portal" },
  ...(traced() ? { mixin: traceFields } : {}),
});
