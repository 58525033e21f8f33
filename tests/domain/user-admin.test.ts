/**
 * User management on the real database, in process: the invitation lifecycle, who may invite whom
 * into which scope, role changes with their audit entries, deactivation ending sessions, and the
 * last administrator / owner rule, also when two administrators demote each other at the same time.
 * Own database, so that "the last administrator" counts only this file's users.
 */

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserRole } from "../../lib/contract/roles";
import { createProvider } from "../../lib/domain/api-keys";
import {
  acceptInvitation,
  invitationForToken,
  inviteUser,
  revokeInvitation,
} from "../../lib/domain/invitations";
import type { Actor } from "../../lib/domain/permissions";
import { sandboxOf } from "../../lib/domain/sandbox";
import { changeUserRoles, deactivateUser, reactivateUser } from "../../lib/domain/user-admin";
import { createUser } from "../../lib/domain/users";
import { ADMIN } from "../support/actors";
import { openOwnDatabase } from "../support/own-database";

const own = openOwnDatabase();
const ORIGIN = "http://portal.example";
const PASSWORD = "correct horse battery";

let organisation: string;
let otherOrganisation: string;

const actorOf = (user: { id: string }, roles: UserRole[], providerId: string | null = null): Actor => ({
  kind: "user",
  id: user.id,
  personId: user.id,
  holds: roles,
  providerId,
});

async function newUser(roles: UserRole[], providerId: string | null = null) {
  const email = `${roles.join("-")}-${randomUUID().slice(0, 8)}@users.example`;
  const user = await createUser({ email, name: email, password: PASSWORD, roles, providerId });
  return { ...user, actor: actorOf(user, roles, providerId) };
}

const tokenOf = (link: string | null) => (link ?? "").split("/invite/")[1] ?? "";
const email = () => `invitee-${randomUUID().slice(0, 8)}@users.example`;
const auditActions = async (subjectId: string) =>
  (await own.db().auditEntry.findMany({ where: { subjectId }, orderBy: { seq: "asc" } })).map(
    (e) => e.action,
  );

let admin: Awaited<ReturnType<typeof newUser>>;
let owner: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  organisation = (await createProvider(ADMIN, "Team Payouts")).id;
  otherOrganisation = (await createProvider(ADMIN, "Other Payouts")).id;
  admin = await newUser(["administrator"]);
  owner = await newUser(["owner"], organisation);
});

describe("an invitation", () => {
  it("creates the account with the invited roles once, and is refused the second time", async () => {
    const sent = await inviteUser(admin.actor, { email: email(), name: "Rita", roles: ["reviewer"] }, ORIGIN);
    expect(sent.link).toMatch(/^http:\/\/portal\.example\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(sent.link);
    const stored = await own.db().invitation.findUniqueOrThrow({ where: { id: sent.invitationId } });
    expect(stored.tokenHash).not.toContain(token);
    expect((await invitationForToken(token))?.state).toBe("pending");

    await acceptInvitation(token, { name: "Rita Reviewer", password: PASSWORD });
    const user = await own.db().user.findUniqueOrThrow({ where: { email: sent.email } });
    expect(user).toMatchObject({ name: "Rita Reviewer", roles: "reviewer", providerId: null });
    await expect(acceptInvitation(token, { name: "Again", password: PASSWORD })).rejects.toThrow(
      /already used/,
    );
    expect((await invitationForToken(token))?.state).toBe("accepted");
    expect(await auditActions(sent.invitationId)).toEqual(["user.invited", "invitation.accepted"]);
    expect(await auditActions(user.id)).toEqual(["user.created"]);
  });

  it("of two acceptances at once, creates one account", async () => {
    const sent = await inviteUser(admin.actor, { email: email(), name: "", roles: ["auditor"] }, ORIGIN);
    const token = tokenOf(sent.link);
    const results = await Promise.allSettled(
      [1, 2].map((n) => acceptInvitation(token, { name: `Racer ${n}`, password: PASSWORD })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await own.db().user.count({ where: { email: sent.email } })).toBe(1);
  });

  it("is refused once expired or revoked, and a made-up token finds nothing", async () => {
    const expired = await inviteUser(admin.actor, { email: email(), name: "", roles: ["auditor"] }, ORIGIN);
    await own
      .db()
      .invitation.update({ where: { id: expired.invitationId }, data: { expiresAt: new Date(0) } });
    await expect(acceptInvitation(tokenOf(expired.link), { name: "x", password: PASSWORD })).rejects.toThrow(
      /expired/,
    );
    const revoked = await inviteUser(admin.actor, { email: email(), name: "", roles: ["auditor"] }, ORIGIN);
    await revokeInvitation(admin.actor, revoked.invitationId);
    await expect(acceptInvitation(tokenOf(revoked.link), { name: "x", password: PASSWORD })).rejects.toThrow(
      /withdrawn/,
    );
    await expect(revokeInvitation(admin.actor, revoked.invitationId)).rejects.toThrow(
      /already used or revoked/,
    );
    await expect(acceptInvitation("made-up", { name: "x", password: PASSWORD })).rejects.toThrow(/not valid/);
    expect(await own.db().user.count({ where: { email: { in: [expired.email, revoked.email] } } })).toBe(0);
  });

  it("refuses a short password without consuming the invitation", async () => {
    const sent = await inviteUser(admin.actor, { email: email(), name: "", roles: ["auditor"] }, ORIGIN);
    await expect(acceptInvitation(tokenOf(sent.link), { name: "x", password: "short" })).rejects.toThrow(
      /at least 10/,
    );
    expect((await invitationForToken(tokenOf(sent.link)))?.state).toBe("pending");
  });

  it("is refused for an email that already has an account", async () => {
    await expect(
      inviteUser(admin.actor, { email: owner.email.toUpperCase(), name: "", roles: ["auditor"] }, ORIGIN),
    ).rejects.toThrow(/already has an account/);
  });
});

describe("who may invite whom", () => {
  it("an owner invites into their own organisation, with its roles only", async () => {
    const sent = await inviteUser(owner.actor, { email: email(), name: "", roles: ["editor"] }, ORIGIN);
    await acceptInvitation(tokenOf(sent.link), { name: "Eddie", password: PASSWORD });
    const user = await own.db().user.findUniqueOrThrow({ where: { email: sent.email } });
    expect(user).toMatchObject({ roles: "editor", providerId: organisation });

    const platformRole = inviteUser(
      owner.actor,
      { email: email(), name: "", roles: ["administrator"] },
      ORIGIN,
    );
    await expect(platformRole).rejects.toThrow(/not a role of a provider organisation/);
    const elsewhere = {
      email: email(),
      name: "",
      roles: ["editor"] as UserRole[],
      providerId: otherOrganisation,
    };
    await expect(inviteUser(owner.actor, elsewhere, ORIGIN)).rejects.toThrow(/your own organisation/);
  });

  it("an editor may not invite, nor an owner from the organisation's sandbox (test mode)", async () => {
    const editor = await newUser(["editor"], organisation);
    const input = { email: email(), name: "", roles: ["viewer"] as UserRole[] };
    await expect(inviteUser(editor.actor, input, ORIGIN)).rejects.toThrow(/manage the organisation's users/);
    const inTestMode = { ...owner.actor, providerId: await sandboxOf(organisation) };
    await expect(inviteUser(inTestMode, input, ORIGIN)).rejects.toThrow(/live data/);
  });

  it("an administrator invites platform roles, or an organisation's owner, nothing else", async () => {
    const ownerInvite = {
      email: email(),
      name: "",
      roles: ["owner"] as UserRole[],
      providerId: otherOrganisation,
    };
    await acceptInvitation(tokenOf((await inviteUser(admin.actor, ownerInvite, ORIGIN)).link), {
      name: "Olga",
      password: PASSWORD,
    });
    expect(await own.db().user.findUniqueOrThrow({ where: { email: ownerInvite.email } })).toMatchObject({
      roles: "owner",
      providerId: otherOrganisation,
    });
    const editorInvite = { ...ownerInvite, email: email(), roles: ["editor"] as UserRole[] };
    await expect(inviteUser(admin.actor, editorInvite, ORIGIN)).rejects.toThrow(
      /invites an organisation's owner/,
    );
    const mixed = { email: email(), name: "", roles: ["reviewer", "owner"] as UserRole[] };
    await expect(inviteUser(admin.actor, mixed, ORIGIN)).rejects.toThrow(/not a platform role/);
    const reviewer = await newUser(["reviewer"]);
    await expect(inviteUser(reviewer.actor, { ...mixed, roles: ["reviewer"] }, ORIGIN)).rejects.toThrow(
      /manage platform users/,
    );
  });
});

describe("an inviter who lost the right to invite", () => {
  it("has invited nobody: demoted or deactivated, their open invitations are refused", async () => {
    const secondOwner = await newUser(["owner"], organisation);
    const demoted = await inviteUser(
      secondOwner.actor,
      { email: email(), name: "", roles: ["owner"] },
      ORIGIN,
    );
    const otherAdmin = await newUser(["administrator"]);
    const byDeactivated = await inviteUser(
      otherAdmin.actor,
      { email: email(), name: "", roles: ["administrator"] },
      ORIGIN,
    );
    await changeUserRoles(owner.actor, secondOwner.id, ["viewer"]);
    await deactivateUser(admin.actor, otherAdmin.id);
    for (const sent of [demoted, byDeactivated]) {
      await expect(
        acceptInvitation(tokenOf(sent.link), { name: "Mallory", password: PASSWORD }),
      ).rejects.toThrow(/can no longer add users/);
      expect(await own.db().user.findUnique({ where: { email: sent.email } })).toBeNull();
    }
    // Reactivated, the administrator's invitation works again: it was refused, not consumed.
    await reactivateUser(admin.actor, otherAdmin.id);
    await acceptInvitation(tokenOf(byDeactivated.link), { name: "Ada", password: PASSWORD });
    expect(await own.db().user.findUnique({ where: { email: byDeactivated.email } })).not.toBeNull();
  });
});

describe("roles and deactivation", () => {
  it("a role change keeps the other scope's roles and records before and after", async () => {
    const both = await newUser(["reviewer", "viewer"], organisation);
    await changeUserRoles(owner.actor, both.id, ["editor"]);
    await changeUserRoles(admin.actor, both.id, ["auditor", "program_manager"]);
    const stored = await own.db().user.findUniqueOrThrow({ where: { id: both.id } });
    expect(stored.roles.split(" ").sort()).toEqual(["auditor", "editor", "program_manager"]);
    const entries = await own
      .db()
      .auditEntry.findMany({ where: { subjectId: both.id }, orderBy: { seq: "asc" } });
    expect(
      entries.map((entry) => [
        entry.action,
        JSON.parse(entry.before ?? "{}"),
        JSON.parse(entry.after ?? "{}"),
      ]),
    ).toEqual([
      ["user.roles_changed", { roles: ["reviewer", "viewer"] }, { roles: ["reviewer", "editor"] }],
      [
        "user.roles_changed",
        { roles: ["reviewer", "editor"] },
        { roles: ["editor", "auditor", "program_manager"] },
      ],
    ]);
    // An owner reaches only their organisation's users, and never deactivates a console user.
    await expect(changeUserRoles(owner.actor, admin.id, ["viewer"])).rejects.toThrow(/No such user/);
    await expect(deactivateUser(owner.actor, both.id)).rejects.toThrow(/platform administrator/);
  });

  it("deactivation ends the user's sessions in the same transaction; reactivation restores the account", async () => {
    const viewer = await newUser(["viewer"], organisation);
    await own.db().session.create({
      data: {
        id: randomUUID(),
        token: randomUUID(),
        userId: viewer.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await deactivateUser(owner.actor, viewer.id);
    expect(await own.db().session.count({ where: { userId: viewer.id } })).toBe(0);
    expect(
      (await own.db().user.findUniqueOrThrow({ where: { id: viewer.id } })).deactivatedAt,
    ).not.toBeNull();
    await expect(deactivateUser(owner.actor, viewer.id)).rejects.toThrow(/already deactivated/);
    await reactivateUser(owner.actor, viewer.id);
    expect((await own.db().user.findUniqueOrThrow({ where: { id: viewer.id } })).deactivatedAt).toBeNull();
    expect(await auditActions(viewer.id)).toEqual(["user.deactivated", "user.reactivated"]);
  });
});

describe("the last administrator and the last owner", () => {
  it("an organisation's only active owner can neither demote nor deactivate themself", async () => {
    const lonely = (await createProvider(ADMIN, "Lonely Payouts")).id;
    const only = await newUser(["owner"], lonely);
    await expect(changeUserRoles(only.actor, only.id, ["editor"])).rejects.toThrow(
      /at least one active owner/,
    );
    await expect(deactivateUser(only.actor, only.id)).rejects.toThrow(/at least one active owner/);
    const second = await newUser(["owner"], lonely);
    await changeUserRoles(only.actor, only.id, ["editor"]);
    await expect(deactivateUser(second.actor, second.id)).rejects.toThrow(/at least one active owner/);
  });

  it("two administrators demoting each other at the same time leave one", async () => {
    // Every administrator but two is demoted first, so that the race decides the last one.
    const first = await newUser(["administrator"]);
    const second = await newUser(["administrator"]);
    const others = await own.db().user.findMany({
      where: { roles: { contains: "administrator" }, id: { notIn: [first.id, second.id] } },
    });
    for (const other of others) await changeUserRoles(first.actor, other.id, ["auditor"]);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.allSettled([
        changeUserRoles(first.actor, second.id, ["auditor"]),
        changeUserRoles(second.actor, first.id, ["auditor"]),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(String(refused.reason)).toMatch(/at least one active administrator/);
      const remaining = await own.db().user.findMany({ where: { roles: { contains: "administrator" } } });
      expect(remaining).toHaveLength(1);
      // Restore both for the next round.
      await own
        .db()
        .user.updateMany({ where: { id: { in: [first.id, second.id] } }, data: { roles: "administrator" } });
    }
  });

  it("nor can the last administrator be deactivated, by themself or at once with a demotion", async () => {
    const admins = await own.db().user.findMany({ where: { roles: { contains: "administrator" } } });
    const [keep, ...rest] = admins;
    if (!keep) throw new Error("no administrator");
    const keeper = actorOf(keep, ["administrator"]);
    for (const other of rest) await changeUserRoles(keeper, other.id, ["auditor"]);
    await expect(deactivateUser(keeper, keep.id)).rejects.toThrow(/at least one active administrator/);
    const partner = await newUser(["administrator"]);
    const results = await Promise.allSettled([
      deactivateUser(keeper, partner.id),
      changeUserRoles(partner.actor, keep.id, ["reviewer"]),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const active = await own.db().user.findMany({
      where: { roles: { contains: "administrator" }, deactivatedAt: null },
    });
    expect(active).toHaveLength(1);
  });
});
