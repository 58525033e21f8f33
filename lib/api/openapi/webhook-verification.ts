/**
 * How a receiver verifies a callback, in TypeScript and Python: part of the reference's Webhooks
 * section. tests/unit/webhooks/webhook-verification.test.ts runs the TypeScript one against lib/webhooks/signing.ts.
 */

export const VERIFY_TYPESCRIPT = `import { createHmac, timingSafeEqual } from "node:crypto";

/** Compared as bytes: a forged header may hold characters beyond ASCII. */
const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** webhook-signature: true when one of its signatures is made with one of your secrets. */
export function verifyWebhook(headers: Headers, rawBody: string, secrets: string[]): boolean {
  const id = headers.get("webhook-id") ?? "";
  const timestamp = headers.get("webhook-timestamp") ?? "";
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // a replay
  const given = (headers.get("webhook-signature") ?? "").split(" ");
  return secrets.some((secret) => {
    const mac = createHmac("sha256", secret).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest("base64");
    return given.some((signature) => same(signature, \`v1,\${mac}\`));
  });
}`;

export const VERIFY_PYTHON = `import base64
import hashlib
import hmac
import time


def verify_webhook(headers, raw_body: bytes, secrets: list[str]) -> bool:
    """webhook-signature: true when one of its signatures is made with one of your secrets."""
    webhook_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False  # a replay
    signed = f"{webhook_id}.{timestamp}.".encode() + raw_body
    given = headers.get("webhook-signature", "").split(" ")
    for secret in secrets:
        mac = hmac.new(secret.encode(), signed, hashlib.sha256).digest()
        expected = "v1," + base64.b64encode(mac).decode()
        # Compared as bytes: a forged header may hold characters beyond ASCII.
        if any(hmac.compare_digest(expected.encode(), signature.encode()) for signature in given):
            return True
    return False`;

export const WEBHOOK_VERIFICATION = `### Verifying a callback

Pass every secret you hold (during a rotation, the new and the old one). TypeScript (Node):

\`\`\`typescript
${VERIFY_TYPESCRIPT}
\`\`\`

Python:

\`\`\`python
${VERIFY_PYTHON}
\`\`\``;
