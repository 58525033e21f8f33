/**
 * Imported first by the server and the worker: a bad setting stops the process before anything
 * else loads, with a fatal log line listing each problem by variable, and the exit code that tells
 * the supervisor not to restart (restarting cannot fix a setting).
 */
import { settings } from "../lib/config";
import { ConfigError } from "../lib/config-schema";
import { log } from "../lib/log";
import { BAD_CONFIG_EXIT_CODE } from "./supervisor";

try {
  settings();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  log.fatal({ problems: error.problems, see: ".env.example" }, "could not start");
  process.exit(BAD_CONFIG_EXIT_CODE);
}
