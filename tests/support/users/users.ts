/** Users made through lib/domain/users (as sign-up and invitations make them), each with its actor. */
import { randomUUID } from "node:crypto";
import type { UserRole } from "../../../lib/contract/roles";
import type { Actor } from "../../../lib/domain/permissions";
import { createUser } from "../../../lib/domain/users";
import type { OwnDatabase } from "../server/own-database";

export const PASSWORD = "correct horse battery";

export const actorOf = (
  user: { id: string },
  roles: UserRole[],
  providerId: string | null = null,
): Actor => ({
  kind: "user",
  id: user.id,
  personId: user.id,
  holds: roles,
  providerId,
});

export async function newUser(roles: UserRole[], providerId: string | null = null) {
  const email = `${roles.join("-")}-${randomUUID().slice(0, 8)}@users.example`;
  const user = await createUser({ email, name: email, password: PASSWORD, roles, providerId });
  return { ...user, actor: actorOf(user, roles, providerId) };
}

/** The audit actions recorded about a subject, in order. */
export const auditActions = async (database: OwnDatabase, subjectId: string) =>
  (await database.db().auditEntry.findMany({ where: { subjectId }, orderBy: { seq: "asc" } })).map(
    (entry) => entry.action,
  );
