/**
 * User management on the real database, in process: the invitation lifecycle and who may invite
 * whom into which scope (role changes, deactivation and the last administrator: user-roles.test.ts).
 * Own database, so that each test's users are the only ones.
 */

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserRole } from "../../../lib/contract/roles";
import { createProvider } from "../../../lib/domain/providers";
import { sandboxOf } from "../../../lib/domain/sandbox";
import {
  acceptInvitation,
  changeUserRoles,
  deactivateUser,
  invitationForToken,
  inviteUser,
  reactivateUser,
  revokeInvitation,
} from "../../../lib/domain/users";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN } from "../../support/users/actors";
import { auditActions, newUser, PASSWORD } from "../../support/users/users";

const own = openOwnDatabase();
const ORIGIN = "http://portal.example";

let organisation: string;
let otherOrganisation: string;

const tokenOf = (link: string | null) => (link ?? "").split("/invite/")[1] ?? "";
const email = () => `invitee-${randomUUID().slice(0, 8)}@users.example`;

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
    expect(await auditActions(own, sent.invitationId)).toEqual(["user.invited", "invitation.accepted"]);
    expect(await auditActions(own, user.id)).toEqual(["user.created"]);
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
