/**
 * Two providers with keys (plus a revoked key) in a migrated database, through the domain functions
 * the product uses. The global setup seeds its shared server's database so; suites that start a
 * server of their own (hostile inputs, fuzz) do the same.
 */
import { ADMIN, providerActor } from "../users/actors";

export interface SeededProviders {
  providerA: { id: string; key: string };
  providerB: { id: string; key: string };
  revokedKey: string;
}

export async function seedProviders(databaseUrl: string): Promise<SeededProviders> {
  process.env.DATABASE_URL = databaseUrl;
  const { issueApiKey, revokeApiKey } = await import("../../../lib/domain/keys");
  const { createProvider } = await import("../../../lib/domain/providers");
  const { disconnectDb } = await import("../../../lib/db");
  const a = await createProvider(ADMIN, "Test Provider A");
  const b = await createProvider(ADMIN, "Test Provider B");
  const keyA = await issueApiKey(ADMIN, a.id);
  const keyB = await issueApiKey(ADMIN, b.id);
  const revoked = await issueApiKey(ADMIN, a.id, "revoked");
  await revokeApiKey(providerActor(a.id), revoked.record.id);
  await disconnectDb();
  return {
    providerA: { id: a.id, key: keyA.key },
    providerB: { id: b.id, key: keyB.key },
    revokedKey: revoked.key,
  };
}
