/**
 * `npm run -s token:create` (issue 34, item 6): automation starts from a fresh install without a
 * browser. The real scripts run as processes on a server's fresh database: user:create makes the
 * users, token:create issues the token, and the server's platform API takes it, acting with the
 * user's roles; the issue is audited as the command line's. Refusals say what is wrong, with exit 2
 * for wrong arguments and 1 for a user who may not hold one.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { dataOf, platform } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";
import { runScript } from "../../support/server/run-script";

const own = ownServer({ WORKERS_IN_PROCESS: "false", LOG_LEVEL: "warn" });
const ADMIN_EMAIL = "ops-admin@platform.example";
const REVIEWER_EMAIL = "ops-reviewer@platform.example";
const OWNER_EMAIL = "ops-owner@acme.example";

const run = (script: string, ...args: string[]) => runScript(script, args, own.databaseUrl());
const tokenCreate = (...args: string[]) => run("token-create.ts", ...args);

beforeAll(async () => {
  const provider = await run("provider-create.ts", "--name", "Acme Payouts");
  const providerId = /\(([^)]+)\)/.exec(provider.lines[0] ?? "")?.[1] ?? "";
  const made = await Promise.all([
    run("user-create.ts", "--email", ADMIN_EMAIL, "--roles", "administrator"),
    run("user-create.ts", "--email", REVIEWER_EMAIL, "--roles", "reviewer"),
    run("user-create.ts", "--email", OWNER_EMAIL, "--provider", providerId),
  ]);
  for (const user of made) expect(user.status, user.stderr).toBe(0);
}, 60_000);

describe("npm run -s token:create", () => {
  it("prints what it did, then a token on the last line that the platform API takes, audited as the command line's", async () => {
    const before = Date.now();
    const issued = await tokenCreate(
      "--email",
      ADMIN_EMAIL.toUpperCase(),
      "--name",
      "deploy bot",
      "--days",
      "7",
    );
    expect(issued.status, issued.stderr).toBe(0);
    expect(issued.lines).toHaveLength(2);
    expect(issued.lines[0]).toMatch(
      /^Issued platform token "deploy bot" \(.+\) for OPS-ADMIN@.+ expiring (\S+)\./,
    );
    const expiresAt = Date.parse(/expiring (\S+)\./.exec(issued.lines[0] ?? "")?.[1] ?? "");
    expect(expiresAt - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    const token = issued.lines[1] ?? "";
    expect(token).toMatch(/^dcp_pat_[A-Za-z0-9_-]{43}$/);

    // An administrator's token reads the audit trail, which holds its own issue.
    const options = { baseUrl: own.server().baseUrl, token };
    const { entries } = dataOf(await platform("/audit?action=token.issued", options));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: "system", actorId: "system:token-create" });
    expect(JSON.stringify(entries[0])).toContain("command line");
    expect(JSON.stringify(entries[0])).not.toContain(token);
  });

  it("acts with its user's roles: a reviewer's token reads channels but not the audit trail", async () => {
    const issued = await tokenCreate("--email", REVIEWER_EMAIL);
    expect(issued.status, issued.stderr).toBe(0);
    const options = { baseUrl: own.server().baseUrl, token: issued.lines.at(-1) };
    dataOf(await platform("/channels", options));
    const refused = await platform("/audit", options);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/audit trail/);
  });

  it("refuses an unknown email and a provider's user with exit 1, saying why, and prints no token", async () => {
    const [unknown, providerUser] = await Promise.all([
      tokenCreate("--email", "nobody@platform.example"),
      tokenCreate("--email", OWNER_EMAIL),
    ]);
    expect(unknown).toMatchObject({ status: 1, stdout: "" });
    expect(unknown.stderr).toContain(
      "Could not issue the token: no user has the email nobody@platform.example.",
    );
    expect(providerUser).toMatchObject({ status: 1, stdout: "" });
    expect(providerUser.stderr).toContain(
      `Could not issue the token: ${OWNER_EMAIL} holds no platform role: a provider organisation's user cannot hold platform tokens.`,
    );
  });

  it("refuses wrong arguments with exit 2 and the usage, by the console's rules for the expiry", async () => {
    const runs = await Promise.all([
      tokenCreate(),
      tokenCreate("--email", ADMIN_EMAIL, "--days", "0"),
      tokenCreate("--email", ADMIN_EMAIL, "--days", "366"),
      tokenCreate("--email", ADMIN_EMAIL, "--days", "a week"),
      tokenCreate("--email", ADMIN_EMAIL, "--expires", "7"),
    ]);
    const messages = [
      "--email is required.",
      "--days: must be at least 1 day",
      "--days: must be at most 365 days",
      "--days: must be a whole number of days",
      "Unknown option '--expires'",
    ];
    runs.forEach((result, index) => {
      expect(result.status, result.stderr).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(messages[index]);
      expect(result.stderr).toContain("Usage: npm run -s token:create -- --email");
    });
  });
});
