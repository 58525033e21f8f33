/**
 * Secrets at rest (webhook passwords, header values, HMAC secrets): AES-256-GCM with a random
 * 96-bit nonce per value, the key from lib/config. Sealed text is `v1.<nonce>.<tag>.<ciphertext>`
 * in base64url so the version can change without guessing.
 */
import { createCipheriv, createDecipheriv, hash, randomBytes } from "node:crypto";
import { secretEncryptionKey } from "./config";

let cachedKey: Buffer | undefined;
const key = () => (cachedKey ??= secretEncryptionKey());

export function seal(plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function unseal(sealed: string): string {
  const [version, nonce, tag, ciphertext] = sealed.split(".");
  if (version !== "v1" || !nonce || !tag || ciphertext === undefined)
    throw new Error("Unknown sealed format");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(nonce, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

export function sha256Hex(text: string): string {
  // One call instead of a Hash object per API request (its key's hash).
  return hash("sha256", text, "hex");
}
