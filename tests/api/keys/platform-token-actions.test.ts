/**
 * The console's API tokens page over HTTP: any platform role issues a token (shown once) and sees it
 * listed; the expiry is 1 to 365 days; a user revokes only their own tokens, an administrator
 * anyone's, and a revoked token is refused by the platform API at once.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { expectFailure } from "../../support/http/envelope";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { dataOf, platform } from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
const baseUrl = inject("baseUrl");
const action = (name: string) =>
  serverActions().find(
    (candidate) => candidate.name === `app/(admin)/admin/tokens/token-actions.ts#${name}`,
  ) as ServerAction;

let auditor: PortalSession;
let reviewer: PortalSession;
let admin: PortalSession;

beforeAll(async () => {
  [auditor, reviewer, admin] = await Promise.all([
    signedIn(["auditor"]),
    signedIn(["reviewer"]),
    signedIn(["administrator"]),
  ]);
});

const issue = (session: PortalSession, input: unknown) =>
  actionResult(baseUrl, action("issueTokenAction"), session.cookie, [input]);
const revoke = (session: PortalSession, tokenId: string) =>
  actionResult(baseUrl, action("revokeTokenAction"), session.cookie, [{ tokenId }]);

describe("the API tokens page", () => {
  it.each([
    [{ name: "t", expiresInDays: "366" }, "expiresInDays"],
    [{ name: "t", expiresInDays: "0" }, "expiresInDays"],
    [{ name: "t", expiresInDays: "1.5" }, "expiresInDays"],
    [{ name: "t", expiresInDays: 1.5 }, "expiresInDays"],
    [{ name: "t", expiresInDays: [30] }, "expiresInDays"],
    [{ name: "", expiresInDays: "30" }, "name"],
    [{ name: "x".repeat(101), expiresInDays: "30" }, "name"],
  ])("refuses %j at its field", async (input, field) => {
    const result = await issue(auditor, input);
    expect(result.ok).toBe(false);
    expect(Object.keys(result.fieldErrors ?? {})).toContain(field);
  });

  it("accepts the days as the form's own parse sends them, a number", async () => {
    // The form parses with the same schema and sends its output: "7" arrives as 7.
    expect(await issue(auditor, { name: "from the form", expiresInDays: 7 })).toMatchObject({ ok: true });
  });

  it("issues a token shown once, listed by its prefix, that reads through the API", async () => {
    const result = await issue(auditor, { name: "reporting", expiresInDays: "30" });
    expect(result.ok).toBe(true);
    const { token, prefix } = result.data as { token: string; prefix: string };
    expect(token.startsWith(prefix)).toBe(true);
    dataOf(await platform("/channels", { token }));
    const page = await auditor.get("/admin/tokens");
    expect(page.status).toBe(200);
    expect(page.body).toContain(prefix);
    expect(page.body).not.toContain(token);
  });

  it("lets a user revoke only their own token, and an administrator anyone's", async () => {
    const { token } = (await issue(auditor, { name: "to revoke", expiresInDays: "7" })).data as {
      token: string;
    };
    const row = await db().platformToken.findFirstOrThrow({
      where: { name: "to revoke" },
      orderBy: { createdAt: "desc" },
    });
    expect(await revoke(reviewer, row.id)).toMatchObject({ ok: false, error: "No such token." });
    dataOf(await platform("/channels", { token }));
    const adminPage = await admin.get("/admin/tokens");
    expect(adminPage.body).toContain(row.prefix);
    expect(await revoke(admin, row.id)).toMatchObject({ ok: true });
    expectFailure(
      await platform("/channels", { token }),
      401,
      "Unauthorized",
      "Platform token is invalid",
      null,
    );
  });
});
