/**
 * Two providers with keys (plus a revoked key) in a migrated database, through the domain functions
 * the product uses. The global setup seeds its shared server's database so; suites that start a
 * server of their own (hostile inputs, fuzz) do the same.
 */
export interface SeededProviders {
  providerA: { id: string; key: string };
  providerB: { id: string; key: string };
  revokedKey: string;
}

export async function seedProviders(databaseUrl: string): Promise<SeededProviders> {
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
