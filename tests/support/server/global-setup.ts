/**
 * Per API project: a fresh database, two providers with keys (plus a revoked key), and the built
 * app started as production starts it. Tests reach it only over HTTP, via inject("baseUrl").
 */
import type { TestProject } from "vitest/node";
import { createMigratedTemplate } from "./migrated-template";
import { seedProviders } from "./seed";
import { createTestDatabase, type DatabaseKindUnderTest, startServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    databaseKind: DatabaseKindUnderTest;
    providerA: { id: string; key: string };
    providerB: { id: string; key: string };
    revokedKey: string;
    /** A migrated, empty database that the files' fresh databases start as copies of. */
    migratedTemplateUrl: string;
  }
}

export function setupFor(kind: DatabaseKindUnderTest) {
  return async (project: TestProject) => {
    const database = await createTestDatabase(kind);
    const template = await createMigratedTemplate(kind);
    // The server migrates the fresh database on start; the providers are seeded afterwards.
    // Tests drive the background workers themselves, on their own clock (tests/domain).
    const server = await startServer(database.url, "production", { WORKERS_IN_PROCESS: "false" });
    const seeded = await seedProviders(database.url);
    project.provide("baseUrl", server.baseUrl);
    project.provide("databaseUrl", database.url);
    project.provide("databaseKind", kind);
    project.provide("providerA", seeded.providerA);
    project.provide("providerB", seeded.providerB);
    project.provide("revokedKey", seeded.revokedKey);
    project.provide("migratedTemplateUrl", template.url);
    return async () => {
      await server.stop();
      await database.drop();
      await template.drop();
    };
  };
}
