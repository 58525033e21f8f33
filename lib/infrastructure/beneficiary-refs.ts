/**
 * A beneficiary's ref (issue 36): HMAC-SHA256 of its id under the lookup key, base64url. Here, below
 * lib/domain, because both the audit trail's filter and lib/domain/beneficiary-data compute it. Data keys, erasures and
 * access entries name a beneficiary by ref, so the database can find everything about one without
 * storing who it is; whoever asks about "BEN-0001" gets its ref by computing it.
 *
 * The lookup key is random, made once per database and kept wrapped under the service key
 * (ProtectionKey "beneficiary-lookup"), so rotating the service key re-wraps it and every ref stays.
 */
import { createHmac, randomBytes } from "node:crypto";
import { databaseKind, databaseUrl } from "../config";
import { db } from "../db";
import { sqliteTime } from "../db/sqlite-time";
import { unwrapKey, wrapKey } from "./service-keys";

const PURPOSE = "beneficiary-lookup";

const cached = new Map<string, Buffer>();

/**
 * Read (and made, the first time) outside any caller's transaction: a key made in a transaction that
 * then rolled back would be remembered here and lost there. Callers ask before they open theirs.
 */
async function lookupKey(): Promise<Buffer> {
  const reader = db();
  const known = cached.get(databaseUrl());
  if (known) return known;
  let row = await reader.protectionKey.findUnique({ where: { purpose: PURPOSE } });
  if (!row) {
    // Two instances starting at once: the first insert wins and both read it.
    const at = databaseKind() === "sqlite" ? sqliteTime(new Date()) : new Date().toISOString();
    await reader.$executeRawUnsafe(
      `INSERT INTO "ProtectionKey" ("purpose", "wrappedKey", "createdAt") VALUES (${
        databaseKind() === "sqlite" ? "?, ?, ?" : "$1, $2, $3::timestamp"
      }) ON CONFLICT ("purpose") DO NOTHING`,
      PURPOSE,
      wrapKey(randomBytes(32)),
      at,
    );
    row = await reader.protectionKey.findUniqueOrThrow({ where: { purpose: PURPOSE } });
  }
  const key = unwrapKey(row.wrappedKey);
  cached.set(databaseUrl(), key);
  return key;
}

/** Computes refs with the database's lookup key. */
export async function beneficiaryRefs(): Promise<(beneficiaryId: string) => string> {
  const key = await lookupKey();
  return (beneficiaryId) => createHmac("sha256", key).update(beneficiaryId, "utf8").digest("base64url");
}

export async function beneficiaryRef(beneficiaryId: string): Promise<string> {
  return (await beneficiaryRefs())(beneficiaryId);
}

/**
 * The Delivery rows of one beneficiary: by ref, and by the id itself in rows from before ids were
 * sealed that keys:rotate has not sealed yet. Here beside the ref, as the audit trail's filter needs it too.
 */
export const deliveriesOf = (beneficiaryId: string, ref: string) => ({
  OR: [{ beneficiaryRef: ref }, { beneficiaryRef: null, beneficiaryId }],
});
