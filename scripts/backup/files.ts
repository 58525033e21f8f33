/**
 * What both databases' backups and restores share: a file is written beside its destination under a
 * temporary name and renamed into place only once whole and checked, so that a failure or a crash
 * never leaves a half-written backup or database where the real one is expected.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

/** The temporary name beside `destination` (same folder, so that the rename is atomic). */
export function partialBeside(destination: string): string {
  return path.join(path.dirname(destination), `.${path.basename(destination)}.partial-${process.pid}`);
}

/** Refuses to overwrite an earlier backup: each run writes a new file. */
export function refuseExisting(file: string): void {
  if (existsSync(file)) throw new Error(`${file} already exists; remove it or choose another name`);
}

/** Flushes `partial` to disk and renames it to `destination`, then makes the rename itself durable. */
export function moveIntoPlace(partial: string, destination: string): void {
  const file = openSync(partial, "r+");
  try {
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
  renameSync(partial, destination);
  const folder = openSync(path.dirname(destination), "r");
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/** Runs `work` on a temporary file beside `destination`, removing what is left of it when it fails. */
export async function throughPartial<T>(
  destination: string,
  work: (partial: string) => Promise<T> | T,
): Promise<T> {
  const partial = partialBeside(destination);
  try {
    return await work(partial);
  } catch (error) {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(partial + suffix, { force: true });
    throw error;
  }
}
