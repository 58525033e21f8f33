/**
 * Secrets at rest (webhook passwords, header values, HMAC secrets, link-carrying mail): AES-256-GCM
 * with a random 96-bit nonce per value, under the service key (lib/infrastructure/service-keys.ts).
 * Sealed text is `v2.<service key id>.<nonce>.<tag>.<ciphertext>` in base64url, so a rotated key
 * still opens what the previous one sealed; `v1.<nonce>.<tag>.<ciphertext>`, written before key ids,
 * is opened by trying each configured key. `npm run keys:rotate` seals both again under the current key.
 */
import { createCipheriv, createDecipheriv, hash, randomBytes } from "node:crypto";
import { currentServiceKey, everyServiceKey, serviceKeyById } from "./infrastructure/service-keys";

export function seal(plaintext: string): string {
  const { id, key } = currentServiceKey();
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    "v2",
    id,
    ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")),
  ].join(".");
}

/** Whether `sealed` is sealed under the current service key (else keys:rotate seals it again). */
export const isSealedUnderCurrentKey = (sealed: string) => sealed.startsWith(`v2.${currentServiceKey().id}.`);

export function unseal(sealed: string): string {
  const parts = sealed.split(".");
  if (parts[0] === "v2" && parts.length === 5) {
    const key = serviceKeyById(parts[1]!);
    if (!key) throw new Error(`Sealed under service key ${parts[1]}, which is not configured`);
    return open(key.key, parts.slice(2));
  }
  if (parts[0] !== "v1" || parts.length !== 4) throw new Error("Unknown sealed format");
  const keys = everyServiceKey();
  for (const [index, { key }] of keys.entries()) {
    try {
      return open(key, parts.slice(1));
    } catch (error) {
      if (index === keys.length - 1) throw error;
    }
  }
  throw new Error("No service key configured");
}

function open(key: Buffer, [nonce, tag, ciphertext]: string[]): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce!, "base64url"));
  decipher.setAuthTag(Buffer.from(tag!, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext!, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

export function sha256Hex(text: string): string {
  // One call instead of a Hash object per API request (its key's hash).
  return hash("sha256", text, "hex");
}
