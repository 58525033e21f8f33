/** Structured JSON logs (pino), one line per event, to stdout. */
import pino from "pino";
import { logLevel } from "./config";

export const log = pino({ level: logLevel(), base: { service: "delivery-channel-portal" } });
