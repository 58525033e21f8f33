/**
 * A value stored about a beneficiary, sealed with the beneficiary's data key: AES-256-GCM, a random
 * 96-bit nonce, the key's id as associated data, written `b1.<key id>.<nonce>.<tag>.<ciphertext>`
 * (base64url). The key id in the clear is what lets a reader fetch the key, and an erasure make the
 * value unreadable by destroying it.
 *
 * Values stored before issue 36 are plain text (a delivery's options as JSON); they read as they are
 * until `npm run keys:rotate` seals them.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { DataKey } from "./data-keys";

const VERSION = "b1";

export function sealValue(dataKey: DataKey, text: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", dataKey.key, nonce);
  cipher.setAAD(Buffer.from(dataKey.id));
  const ciphertext = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [
    VERSION,
    dataKey.id,
    ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")),
  ].join(".");
}

/** Whether `stored` is a sealed value (else plain text from before sealing). */
export const isSealed = (stored: string) => stored.startsWith(`${VERSION}.`);

/** The data key id a sealed value names; undefined for plain text. */
export function sealingKeyId(stored: string): string | undefined {
  return isSealed(stored) ? stored.split(".")[1] : undefined;
}

/**
 * The value in `stored`, opened with `keys` (dataKeysById's); null when its key is gone: the
 * beneficiary was erased. Plain text comes back as it is.
 */
export function openValue(keys: Map<string, Buffer>, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const [, id, nonce, tag, ciphertext] = stored.split(".");
  const key = id ? keys.get(id) : undefined;
  if (!key || !nonce || !tag || ciphertext === undefined) return null;
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
  decipher.setAAD(Buffer.from(id!));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}
