/** Structured JSON logs (pino), one line per event, to stdout. */
import pino from "pino";
import { logLevel } from "./config";

/** LOG_LEVEL, or info while the settings are invalid: the logger must live to report them. */
function level(): string {
  try {
    return logLevel();
  } catch {
    return "info";
  }
}

export const log = pino({ level: level(), base: { service: "delivery-channel-portal" } });
