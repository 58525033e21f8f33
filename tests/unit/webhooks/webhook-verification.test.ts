/**
 * The verification code the reference shows (lib/api/openapi/webhook-verification.ts) accepts the
 * callbacks our signer makes (lib/webhooks/signing.ts), also during a secret rotation, and refuses a
 * changed body, a wrong secret and an old timestamp: the TypeScript sample imported as a module, the
 * Python one run by python3.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { VERIFY_PYTHON, VERIFY_TYPESCRIPT } from "@/lib/api/openapi/webhook-verification";
import { callbackHeaders } from "@/lib/webhooks/signing";

const BODY = JSON.stringify({ deliveryId: "0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e11" });
const NEW = "whsec-new-0123456789";
const OLD = "whsec-old-9876543210";

/** Headers of a callback signed with `secret` at `at`; `rotating` adds the old secret's signature. */
function signed(secret: string, at = new Date(), rotating?: string): Record<string, string> {
  const headers = callbackHeaders("evt_1", BODY, { type: "hmac", secret }, at) as Record<string, string>;
  if (rotating) {
    const old = callbackHeaders("evt_1", BODY, { type: "hmac", secret: rotating }, at) as Record<
      string,
      string
    >;
    headers["webhook-signature"] = `${headers["webhook-signature"]} ${old["webhook-signature"]}`;
  }
  return headers;
}

/** The valid signature with its last character replaced by one beyond ASCII: the same length as a string. */
function forged(headers: Record<string, string>): Record<string, string> {
  return { ...headers, "webhook-signature": `${headers["webhook-signature"]?.slice(0, -1)}\u00e9` };
}

type Verify = (headers: Record<string, string>, body: string, secrets: string[]) => boolean;

/** The cases every sample must decide: [what, headers, body, secrets, accepted]. */
const CASES: [string, Record<string, string>, string, string[], boolean][] = [
  ["signed with the secret", signed(NEW), BODY, [NEW], true],
  ["during a rotation, holding only the old secret", signed(NEW, new Date(), OLD), BODY, [OLD], true],
  ["during a rotation, holding both", signed(NEW, new Date(), OLD), BODY, [NEW, OLD], true],
  ["a changed body", signed(NEW), BODY.replace("11", "12"), [NEW], false],
  ["another secret", signed(NEW), BODY, [OLD], false],
  ["signed ten minutes ago", signed(NEW, new Date(Date.now() - 600_000)), BODY, [NEW], false],
  // A forger's header may hold any byte; one beyond ASCII must be a refusal, not an exception.
  ["a forged signature with a character beyond ASCII", forged(signed(NEW)), BODY, [NEW], false],
];

describe("the reference's TypeScript verification", () => {
  let verify: Verify;
  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "verify-")), "verify.ts");
    writeFileSync(file, VERIFY_TYPESCRIPT);
    const module = await import(file);
    verify = (headers, body, secrets) => module.verifyWebhook(new Headers(headers), body, secrets);
  });

  it.each(CASES)("%s", (_, headers, body, secrets, accepted) => {
    expect(verify(headers, body, secrets)).toBe(accepted);
  });
});

describe("the reference's Python verification", () => {
  const verify: Verify = (headers, body, secrets) => {
    const program = `${VERIFY_PYTHON}\n\nimport json, sys\ncase = json.load(sys.stdin)\nprint(verify_webhook(case["headers"], case["body"].encode(), case["secrets"]))\n`;
    const run = spawnSync("python3", ["-c", program], {
      input: JSON.stringify({ headers, body, secrets }),
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    return run.stdout.trim() === "True";
  };

  it.each(CASES)("%s", (_, headers, body, secrets, accepted) => {
    expect(verify(headers, body, secrets)).toBe(accepted);
  });
});
