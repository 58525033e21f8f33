/** What the command-line scripts that write to the database share: usage errors, failures, closing. */
import { disconnectDb } from "../lib/db";

/** Prints the script's usage and ends with exit code 2 (wrong arguments). */
export function usageError(usage: string): void {
  console.error(usage);
  process.exitCode = 2;
}

/** Runs `main`; a failure prints "Could not <what>: <why>" and exits 1; the database is closed either way. */
export function runCli(what: string, main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      console.error(`Could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    })
    .finally(() => disconnectDb());
}
