/**
 * Imported first by the server and the worker: a bad setting stops the process before anything
 * else loads, with one line per problem naming the variable, and the exit code that tells the
 * supervisor not to restart (restarting cannot fix a setting).
 */
import { ConfigError, settings } from "../lib/config";
import { BAD_CONFIG_EXIT_CODE } from "./supervisor";

try {
  settings();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(BAD_CONFIG_EXIT_CODE);
}
