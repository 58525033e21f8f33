/**
 * The service's key-encryption keys (issue 36): SECRET_ENCRYPTION_KEY wraps, and it and the keys a
 * rotation retired (SECRET_ENCRYPTION_KEY_PREVIOUS) unwrap. Every wrapped key names the service
 * key that wrapped it, `w1.<key id>.<nonce>.<tag>.<ciphertext>` (AES-256-GCM, base64url), so a
 * rotation needs no downtime: instances started with the new key still read what the old one wrapped,
 * and `npm run keys:rotate` wraps it again under the new one, after which the old key can go.
 * A key id is the first 12 hex digits of SHA-256 over a label and the key: it tells keys apart and
 * says nothing usable about them.
 */
import { createCipheriv, createDecipheriv, hash, randomBytes } from "node:crypto";
import { previousEncryptionKeys, secretEncryptionKey } from "../config";

interface ServiceKey {
  id: string;
  key: Buffer;
}

interface Keyring {
  current: ServiceKey;
  byId: Map<string, ServiceKey>;
}

const VERSION = "w1";

const serviceKey = (key: Buffer): ServiceKey => ({
  id: hash("sha256", Buffer.concat([Buffer.from("dcp service key id\0"), key]), "hex").slice(0, 12),
  key,
});

let cached: { source: Buffer[]; keyring: Keyring } | undefined;

/** The keyring of the settings now (tests change them between servers, never within one). */
function keyring(): Keyring {
  const source = [secretEncryptionKey(), ...previousEncryptionKeys()];
  if (
    cached &&
    cached.source.length === source.length &&
    cached.source.every((key, i) => key.equals(source[i]!))
  )
    return cached.keyring;
  const keys = source.map(serviceKey);
  const keyring = { current: keys[0]!, byId: new Map(keys.map((key) => [key.id, key])) };
  cached = { source, keyring };
  return keyring;
}

/** The id of the key that wraps now. */
export const currentServiceKeyId = () => keyring().current.id;

/** The current key, for sealing (lib/crypto.ts). */
export const currentServiceKey = (): ServiceKey => keyring().current;

/** The key of this id, current or previous; undefined when it is not configured. */
export const serviceKeyById = (id: string): ServiceKey | undefined => keyring().byId.get(id);

/** Every configured key, the current one first: for values sealed before they named their key. */
export const everyServiceKey = (): ServiceKey[] => [...keyring().byId.values()];

/** `secret` (a data key) wrapped under the current service key. */
export function wrapKey(secret: Buffer): string {
  const { id, key } = keyring().current;
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(id));
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [
    VERSION,
    id,
    ...[nonce, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")),
  ].join(".");
}

/** The service key id a wrapped key names (undefined for text that is no wrapped key). */
export function wrappingKeyId(wrapped: string): string | undefined {
  const [version, id] = wrapped.split(".");
  return version === VERSION ? id : undefined;
}

/**
 * The data key inside `wrapped`. Throws when the service key that wrapped it is not configured:
 * a rotation that dropped the old key before `keys:rotate` finished is a configuration error, said so.
 */
export function unwrapKey(wrapped: string): Buffer {
  const [version, id, nonce, tag, ciphertext] = wrapped.split(".");
  if (version !== VERSION || !id || !nonce || !tag || ciphertext === undefined)
    throw new Error("Unknown wrapped key format");
  const serviceKey = keyring().byId.get(id);
  if (!serviceKey)
    throw new Error(
      `A data key is wrapped under service key ${id}, which is neither SECRET_ENCRYPTION_KEY nor in SECRET_ENCRYPTION_KEY_PREVIOUS`,
    );
  const decipher = createDecipheriv("aes-256-gcm", serviceKey.key, Buffer.from(nonce, "base64url"));
  decipher.setAAD(Buffer.from(id));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]);
}
