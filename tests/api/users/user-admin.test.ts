/**
 * User management over real HTTP against the production build: the console's and the team page's
 * actions as a browser calls them, the public invitation page and its action, sign-in refused to a
 * deactivated account, a live session ended at once, and hostile inputs answered with messages.
 */

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createProvider } from "@/lib/domain/providers";
import { createUser } from "@/lib/domain/users";
import { shownMarkup, signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN } from "../../support/users/actors";

const database = openTestDb();
const baseUrl = inject("baseUrl");
const PASSWORD = "a long enough password";

const action = (name: string) => {
  const found = serverActions().find((candidate) => candidate.name.endsWith(`#${name}`));
  if (!found) throw new Error(`no action ${name}`);
  return found as ServerAction;
};
const call = (name: string, cookie: string, input: unknown) =>
  actionResult(baseUrl, action(name), cookie, [input]);

function signIn(email: string, password = PASSWORD) {
  return fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
}

async function page(path: string, cookie = "") {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: "manual" });
  const body = shownMarkup(await response.text());
  return { status: response.status, location: response.headers.get("location"), body };
}

/** The user behind a session cookie (better-auth's cookie holds "<token>.<signature>"). */
async function userOfCookie(cookie: string) {
  const value = decodeURIComponent(cookie.split("session_token=")[1]?.split(";")[0] ?? "");
  const session = await database()
    .db()
    .session.findUniqueOrThrow({ where: { token: value.split(".")[0] } });
  return session.userId;
}

const newEmail = () => `http-${randomUUID().slice(0, 8)}@users.example`;
let admin: string;

beforeAll(async () => {
  admin = (await signedIn("admin")).cookie;
});

describe("an invitation over HTTP", () => {
  it("is sent by an administrator, accepted once on the public page, then signs the invitee in", async () => {
    const email = newEmail();
    const sent = await call("invitePlatformUserAction", admin, { email, name: "Rita", roles: ["reviewer"] });
    expect(sent).toMatchObject({ ok: true, data: { email } });
    const link = (sent.data as { link: string }).link;
    expect(link.startsWith(`${baseUrl}/invite/`)).toBe(true);
    const path = new URL(link).pathname;
    const token = path.split("/").at(-1);

    const open = await page(path);
    expect(open.status).toBe(200);
    expect(open.body).toContain("Create my account");
    const input = { token, name: "Rita Reviewer", password: PASSWORD, confirmPassword: PASSWORD };
    expect(await call("acceptInvitationAction", "", input)).toMatchObject({ ok: true, data: { email } });
    expect((await signIn(email)).status).toBe(200);

    const again = await call("acceptInvitationAction", "", input);
    expect(again).toMatchObject({ ok: false });
    expect(again.error).toMatch(/already used/);
    expect((await page(path)).body).toContain("already used");
    expect((await page("/invite/never-issued")).body).toContain("not valid");
  });

  it("checks the two passwords at the form's fields", async () => {
    const input = { token: "x", name: "", password: "short", confirmPassword: "other" };
    const result = await call("acceptInvitationAction", "", input);
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(["confirmPassword", "name", "password"]);
  });
});

describe("deactivation", () => {
  it("ends a live session at once and refuses the next sign-in with a clear message", async () => {
    const email = newEmail();
    const user = await createUser({ email, name: "Soon Gone", password: PASSWORD, roles: ["reviewer"] });
    const response = await signIn(email);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    expect((await page("/admin/requests", cookie)).status).toBe(200);

    expect(await call("deactivatePlatformUserAction", admin, { userId: user.id })).toMatchObject({
      ok: true,
    });
    const after = await page("/admin/requests", cookie);
    expect(after.status).toBe(307);
    expect(after.location).toContain("/sign-in");

    const refused = await signIn(email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "ACCOUNT_DEACTIVATED", message: /deactivated/ });

    expect(await call("reactivatePlatformUserAction", admin, { userId: user.id })).toMatchObject({
      ok: true,
    });
    expect((await signIn(email)).status).toBe(200);
  });

  it("opens nothing with a session that survived deactivation, and tells a wrong password nothing more", async () => {
    const email = newEmail();
    await createUser({ email, name: "Raced", password: PASSWORD, roles: ["auditor"] });
    const cookie = (await signIn(email)).headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    expect((await page("/admin/requests", cookie)).status).toBe(200);
    // As if the deactivation raced the session's creation: the user is deactivated, the row survives.
    await database()
      .db()
      .user.update({ where: { email }, data: { deactivatedAt: new Date() } });
    expect((await page("/admin/requests", cookie)).status).toBe(307);
    expect((await signIn(email, "not the password at all")).status).toBe(401);
  });
});

describe("the pages", () => {
  it("/admin/users is the administrators'; the Users link shows only to them", async () => {
    const users = await page("/admin/users", admin);
    expect(users.status).toBe(200);
    expect(users.body).toContain("Invite a user");
    const reviewer = (await signedIn(["reviewer"])).cookie;
    expect((await page("/admin/users", reviewer)).status).toBe(404);
    expect((await page("/admin/requests", reviewer)).body).not.toContain('href="/admin/users"');
  });
});

describe("the team page", () => {
  let organisation: string;
  let owner: string;

  beforeAll(async () => {
    organisation = (await createProvider(ADMIN, `Team ${randomUUID().slice(0, 6)}`)).id;
    owner = (await signedIn("provider", organisation)).cookie;
  });

  it("lets the owner invite into their own organisation only, with its roles only", async () => {
    const platform = await call("inviteTeamMemberAction", owner, {
      email: newEmail(),
      name: "",
      roles: ["administrator"],
    });
    expect(platform).toMatchObject({ ok: false });
    expect(Object.keys(platform.fieldErrors ?? {}).some((path) => path.startsWith("roles"))).toBe(true);

    const other = inject("providerB").id;
    const email = newEmail();
    const input = { email, name: "", roles: ["editor"], providerId: other };
    expect(await call("inviteTeamMemberAction", owner, input)).toMatchObject({ ok: true });
    const invitation = await database().db().invitation.findFirstOrThrow({ where: { email } });
    expect(invitation).toMatchObject({ providerId: organisation, roles: "editor" });
  });

  it("shows the list read-only to a viewer, and the owner's controls to the owner", async () => {
    const viewer = (await signedIn(["viewer"], organisation)).cookie;
    const forViewer = await page("/team", viewer);
    expect(forViewer.status).toBe(200);
    expect(forViewer.body).not.toContain("Invite a user");
    expect((await page("/team", owner)).body).toContain("Invite a user");
    const refused = await call("inviteTeamMemberAction", viewer, {
      email: newEmail(),
      name: "",
      roles: ["viewer"],
    });
    expect(refused.error).toMatch(/manage the organisation's users/);
  });

  it("refuses to let the only owner demote or deactivate themself", async () => {
    const self = await userOfCookie(owner);
    const demoted = await call("changeTeamRolesAction", owner, { userId: self, roles: ["editor"] });
    expect(demoted.error).toMatch(/at least one active owner/);
    const deactivated = await call("deactivateTeamMemberAction", owner, { userId: self });
    expect(deactivated.error).toMatch(/at least one active owner/);
  });
});

describe("hostile inputs to the new actions", () => {
  const HOSTILE: unknown[] = [
    undefined,
    null,
    42,
    "x",
    [],
    {},
    { email: "a".repeat(100_000), name: "\u0000", roles: ["reviewer"] },
    { email: "x@example.org", name: { a: 1 }, roles: "administrator" },
    { email: "x@example.org", name: "", roles: [{}, null, "owner"] },
    { userId: ["x"], roles: Array(10_000).fill("reviewer") },
    { userId: "x".repeat(5_000), invitationId: 7 },
    { invitationId: "no-such-invitation", userId: "no-such-user", roles: ["viewer"] },
    { token: "t".repeat(5_000), name: "n", password: 5, confirmPassword: 5 },
    { token: "$$", name: "\ud800", password: "p".repeat(300), confirmPassword: "p".repeat(300) },
    { providerId: "nope", email: "owner@example.org", name: "" },
  ];
  const NAMES = [
    "invitePlatformUserAction",
    "revokeInvitationAction",
    "changePlatformRolesAction",
    "deactivatePlatformUserAction",
    "reactivatePlatformUserAction",
    "inviteOwnerAction",
    "inviteTeamMemberAction",
    "revokeTeamInvitationAction",
    "changeTeamRolesAction",
    "deactivateTeamMemberAction",
    "reactivateTeamMemberAction",
    "acceptInvitationAction",
  ];

  it.each(NAMES)("%s answers each with a message, never a failure of ours", async (name) => {
    const cookie = name.includes("Team")
      ? (await signedIn("provider", inject("providerA").id)).cookie
      : admin;
    for (const input of HOSTILE) {
      const result = await call(name, cookie, input);
      expect(result.ok, JSON.stringify(input)?.slice(0, 80)).toBe(false);
      expect(result.error).not.toMatch(/went wrong on our side/);
    }
  });
});

describe("better-auth's own account endpoints", () => {
  it("change no user outside the product's audited operations: a name, an email or a password change is not found", async () => {
    const session = await signedIn(["auditor"]);
    const before = await database()
      .db()
      .user.findUniqueOrThrow({ where: { id: session.userId } });
    for (const [path, body] of [
      ["/api/auth/update-user", { name: "Forged Name" }],
      ["/api/auth/change-email", { newEmail: newEmail() }],
      ["/api/auth/change-password", { currentPassword: "x", newPassword: "a new long password" }],
      ["/api/auth/delete-user", {}],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { cookie: session.cookie, origin: baseUrl, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    const after = await database()
      .db()
      .user.findUniqueOrThrow({ where: { id: session.userId } });
    expect(after).toEqual(before);
  });
});
