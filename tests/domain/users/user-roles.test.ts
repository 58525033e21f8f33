/**
 * User management on the real database, in process: role changes with their audit entries,
 * deactivation ending sessions, and the last administrator / owner rule, also when two
 * administrators demote each other at the same time. Own database, so that "the last
 * administrator" counts only this file's users.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createProvider } from "../../../lib/domain/providers";
import { changeUserRoles, deactivateUser, reactivateUser } from "../../../lib/domain/users";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN } from "../../support/users/actors";
import { actorOf, auditActions, newUser } from "../../support/users/users";

const own = openOwnDatabase();

let organisation: string;
let admin: Awaited<ReturnType<typeof newUser>>;
let owner: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  organisation = (await createProvider(ADMIN, "Team Payouts")).id;
  admin = await newUser(["administrator"]);
  owner = await newUser(["owner"], organisation);
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
    expect(await auditActions(own, viewer.id)).toEqual(["user.deactivated", "user.reactivated"]);
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
