/**
 * Per API project: a fresh database, two providers with keys (plus a revoked key), and the built
 * app started as production starts it. Tests reach it only over HTTP, via inject("baseUrl").
 */
import type { TestProject } from "vitest/node";
import { createTestDatabase, type DatabaseKindUnderTest, startServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    databaseKind: DatabaseKindUnderTest;
    providerA: { id: string; key: string };
    providerB: { id: string; key: string };
    revokedKey: string;
  }
}

async function seedProviders(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  const { createProvider, issueApiKey, revokeApiKey } = await import("../../lib/domain/api-keys");
  const { disconnectDb } = await import("../../lib/db");
  const a = await createProvider("Test Provider A");
  const b = await createProvider("Test Provider B");
  const keyA = await issueApiKey(a.id);
  const keyB = await issueApiKey(b.id);
  const revoked = await issueApiKey(a.id, "revoked");
  await revokeApiKey(a.id, revoked.record.id);
  await disconnectDb();
  return {
    providerA: { id: a.id, key: keyA.key },
    providerB: { id: b.id, key: keyB.key },
    revokedKey: revoked.key,
  };
}

export function setupFor(kind: DatabaseKindUnderTest) {
  return async (project: TestProject) => {
    const database = await createTestDatabase(kind);
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
    return async () => {
      await server.stop();
      await database.drop();
    };
  };
}
