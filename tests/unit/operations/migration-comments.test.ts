/**
 * PostgreSQL migrations run through the JavaScript schema engine, which splits a script into
 * statements at every semicolon, comments included: a comment holding one broke a migration on its
 * way here ("syntax error at or near ..."), on PostgreSQL only.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const FOLDER = "prisma/postgres/migrations";

it("keeps semicolons out of the PostgreSQL migrations' comments", () => {
  const offending = readdirSync(FOLDER, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const file = path.join(FOLDER, entry.name, "migration.sql");
      return readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.trimStart().startsWith("--") && line.includes(";"))
        .map((line) => `${entry.name}: ${line}`);
    });
  expect(offending).toEqual([]);
});
