/**
 * Providers and API keys through real parts: the onboarding CLI against the test database, its key
 * used over HTTP, what the database holds (a hash and a display prefix, never the key), lastUsedAt.
 */
import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDb } from "../../support/server/test-db";
import { ROOT } from "../../support/server/test-server";

const baseUrl = inject("baseUrl");
const testDb = openTestDb();

function onboard(name: string): string[] {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/provider-create.ts", "--name", name],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: inject("databaseUrl"), LOG_LEVEL: "silent" },
      encoding: "utf8",
    },
  );
  return output.trimEnd().split("\n");
}

const lookup = (key: string) =>
  fetch(`${baseUrl}/api/ClientSetting/GetLookUpValues`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ data: "DeliveryChannelStatus" }),
  });

describe("provider onboarding CLI", () => {
  let key: string;
  const name = `CLI Provider ${Date.now()}`;

  beforeAll(() => {
    key = onboard(name).at(-1) ?? "";
  });

  it("prints the new key alone on the last line", () => {
    expect(key).toMatch(/^dcp_[A-Za-z0-9_-]{43}$/);
  });

  it("issues a key that the running server accepts", async () => {
    const response = await lookup(key);
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe("success");
  });

  it("stores only a hash and a short display prefix of the key", async () => {
    const provider = await testDb()
      .db()
      .provider.findFirstOrThrow({ where: { name }, include: { apiKeys: true } });
    expect(provider.apiKeys).toHaveLength(1);
    const [record] = provider.apiKeys;
    expect(record?.prefix).toBe(key.slice(0, 10));
    expect(record?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(provider)).not.toContain(key);
  });

  it("records lastUsedAt when the key is used", async () => {
    await lookup(key);
    const record = await testDb()
      .db()
      .apiKey.findFirstOrThrow({ where: { provider: { name } } });
    expect(record.lastUsedAt).toBeInstanceOf(Date);
  });

  it("refuses to run without a name", () => {
    expect(() =>
      execFileSync(process.execPath, ["--import", "tsx", "scripts/provider-create.ts"], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
        stdio: "pipe",
      }),
    ).toThrow(/Usage/);
  });
});

describe("key format checks", () => {
  it.each([
    ["a key without the dcp_ prefix", "sk_live_0123456789"],
    ["a key of the right shape that was never issued", `dcp_${"A".repeat(43)}`],
    ["an absurdly long key", `dcp_${"x".repeat(500)}`],
  ])("answers 401 API Key is invalid for %s", async (_label, key) => {
    const response = await lookup(key);
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: 401, type: "Unauthorized", title: "API Key is invalid" });
  });
});
