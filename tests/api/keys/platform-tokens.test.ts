/**
 * Platform API tokens over real HTTP: issued, used, expired, revoked, refused in the contract's
 * envelope; a provider key is refused by the platform API and a token by the provider API; a
 * token acts with its user's current roles; issuing and revoking are audited without the token.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { revokePlatformToken } from "@/lib/domain/keys";
import { expectFailure } from "../../support/http/envelope";
import { dataOf, type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
const providerKey = inject("providerA").key;
let reviewer: PlatformUser;

beforeAll(async () => {
  reviewer = await platformUser(["reviewer"]);
});

describe("a platform token", () => {
  it("is dcp_pat_ text stored only as its hash, and lets its user read the console's data", async () => {
    expect(reviewer.token).toMatch(/^dcp_pat_[A-Za-z0-9_-]{43}$/);
    const row = await db().platformToken.findUniqueOrThrow({ where: { id: reviewer.tokenId } });
    expect(JSON.stringify(row)).not.toContain(reviewer.token);
    expect(reviewer.token.startsWith(row.prefix)).toBe(true);
    const list = dataOf(await platform("/channel-requests", { token: reviewer.token }));
    expect(list).toMatchObject({ pageSize: 25, previous: null });
  });

  it("records lastUsedAt when used", async () => {
    await platform("/providers", { token: reviewer.token });
    await expect
      .poll(
        async () =>
          (await db().platformToken.findUniqueOrThrow({ where: { id: reviewer.tokenId } })).lastUsedAt,
      )
      .not.toBeNull();
  });

  it("is refused without an Authorization header, with a provider key, or unknown: 401 in the envelope", async () => {
    expectFailure(await platform("/channels"), 401, "Unauthorized", "Platform token is missing", /Bearer/);
    expectFailure(
      await platform("/channels", { headers: { "x-api-key": providerKey } }),
      401,
      "Unauthorized",
      "Platform token is missing",
      /provider API key is not accepted/,
    );
    for (const token of [providerKey, `dcp_pat_${"x".repeat(43)}`, "dcp_pat_", "x".repeat(5000)]) {
      expectFailure(
        await platform("/channels", { token }),
        401,
        "Unauthorized",
        "Platform token is invalid",
        null,
      );
    }
    expectFailure(
      await platform("/channels", { headers: { authorization: `Basic ${reviewer.token}` } }),
      401,
      "Unauthorized",
      "Platform token is missing",
    );
  });

  it("is refused by the provider API, as a bearer token or as an x-api-key", async () => {
    const view = "/api/DeliveryChannel/Get/anything";
    expectFailure(
      await platform(view, { token: reviewer.token }),
      401,
      "Unauthorized",
      "API Key is missing",
      /platform token is not accepted/,
    );
    expectFailure(
      await platform(view, { headers: { "x-api-key": reviewer.token } }),
      401,
      "Unauthorized",
      "API Key is invalid",
      null,
    );
  });

  it("is refused once expired, saying when", async () => {
    const user = await platformUser(["auditor"]);
    const expiredAt = new Date(Date.now() - 1000);
    await db().platformToken.update({ where: { id: user.tokenId }, data: { expiresAt: expiredAt } });
    expectFailure(
      await platform("/channels", { token: user.token }),
      401,
      "Unauthorized",
      "Platform token has expired",
      `This token expired at ${expiredAt.toISOString()}. Issue a new one in the console (API tokens).`,
    );
  });

  it("is refused at once when revoked, and the audit trail records issue and revocation without its text", async () => {
    const user = await platformUser(["auditor"]);
    dataOf(await platform("/channels", { token: user.token }));
    const actor = {
      kind: "user" as const,
      id: user.id,
      personId: user.id,
      holds: ["auditor" as const],
      providerId: null,
    };
    await revokePlatformToken(actor, user.tokenId);
    expectFailure(
      await platform("/channels", { token: user.token }),
      401,
      "Unauthorized",
      "Platform token is invalid",
      null,
    );
    const entries = await db().auditEntry.findMany({
      where: { subjectId: user.tokenId },
      orderBy: { seq: "asc" },
    });
    expect(entries.map((entry) => entry.action)).toEqual(["token.issued", "token.revoked"]);
    expect(JSON.stringify(entries)).not.toContain(user.token);
  });

  it("lets only its owner or an administrator revoke it", async () => {
    const owner = await platformUser(["auditor"]);
    const other = await platformUser(["reviewer"]);
    const otherActor = {
      kind: "user" as const,
      id: other.id,
      personId: other.id,
      holds: ["reviewer" as const],
      providerId: null,
    };
    await expect(revokePlatformToken(otherActor, owner.tokenId)).rejects.toMatchObject({ kind: "not_found" });
    dataOf(await platform("/channels", { token: owner.token }));
    const admin = await platformUser(["administrator"]);
    const adminActor = {
      kind: "user" as const,
      id: admin.id,
      personId: admin.id,
      holds: ["administrator" as const],
      providerId: null,
    };
    await revokePlatformToken(adminActor, owner.tokenId);
    expect((await platform("/channels", { token: owner.token })).status).toBe(401);
  });

  it("is refused while its user is deactivated, and works again on reactivation", async () => {
    const user = await platformUser(["auditor"]);
    await db().user.update({ where: { id: user.id }, data: { deactivatedAt: new Date() } });
    expectFailure(
      await platform("/channels", { token: user.token }),
      401,
      "Unauthorized",
      "Platform token is invalid",
      "The token's user is deactivated.",
    );
    await db().user.update({ where: { id: user.id }, data: { deactivatedAt: null } });
    dataOf(await platform("/channels", { token: user.token }));
  });

  it("acts with its user's current roles: a role taken away applies to the next request", async () => {
    const user = await platformUser(["program_manager"]);
    const program = { name: "Roles", description: "", unit: "EUR", virtualBudget: 100 };
    dataOf(await platform("/programs", { token: user.token, body: program }));
    await db().user.update({ where: { id: user.id }, data: { roles: "auditor" } });
    expectFailure(
      await platform("/programs", { token: user.token, body: program }),
      403,
      "Forbidden",
      "Forbidden",
      "Your role does not allow you to manage programs, their channels and budgets.",
    );
  });
});
