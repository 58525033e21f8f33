/** Applies pending migrations for DATABASE_URL with the Prisma CLI (JavaScript engine, offline). */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

export function applyMigrations(root: string): void {
  const prismaCli = createRequire(import.meta.url).resolve("prisma/build/index.js");
  try {
    execFileSync(process.execPath, [prismaCli, "migrate", "deploy"], {
      cwd: root,
      stdio: "pipe",
      env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
  } catch (error) {
    // The CLI prints prose; keep the log JSON by carrying its output inside one error line.
    const output = error as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(`prisma migrate deploy failed:\n${output.stdout ?? ""}${output.stderr ?? ""}`);
  }
}

export const projectRoot = path.resolve(import.meta.dirname, "..");
