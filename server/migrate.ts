/** Applies pending migrations for DATABASE_URL with the Prisma CLI (JavaScript engine, offline). */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import Database from "libsql";
import { databaseKind, databaseUrl } from "../lib/config";

/**
 * SQLite runs in write-ahead-log mode: readers never wait for a writer and a commit appends to the
 * log instead of rewriting pages (far fewer fsyncs per commit). The mode is stored in the database
 * file, so every connection and process that opens it afterwards uses it.
 */
function enableWriteAheadLog(url: string): void {
  const connection = new Database(url.slice("file:".length).split("?")[0]!);
  try {
    connection.exec("PRAGMA journal_mode = WAL");
  } finally {
    connection.close();
  }
}

export function applyMigrations(root: string): void {
  const prismaCli = createRequire(import.meta.url).resolve("prisma/build/index.js");
  try {
    const preload = path.join(import.meta.dirname, "cli-exit-preload.cjs");
    execFileSync(process.execPath, ["--require", preload, prismaCli, "migrate", "deploy"], {
      cwd: root,
      stdio: "pipe",
      env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
  } catch (error) {
    // The CLI prints prose; keep the log JSON by carrying its output inside one error line.
    const output = error as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(`prisma migrate deploy failed:\n${output.stdout ?? ""}${output.stderr ?? ""}`);
  }
  if (databaseKind() === "sqlite") enableWriteAheadLog(databaseUrl());
}

export const projectRoot = path.resolve(import.meta.dirname, "..");
