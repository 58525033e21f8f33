/**
 * The permission matrix (docs/users-and-roles.md "Users and roles"): every server action, called over HTTP as
 * every role, each a real signed-in session. The expected matrix is written here from the roles'
 * descriptions, not read from lib/domain/permissions.ts, so a wrong table entry fails; an action
 * without a row fails too. Allowed: not refused for the role (it works, or fails only on its input
 * or subject). Not allowed: refused — the role message, or the other portal's 404/redirect — with
 * nothing changed. A public action (PUBLIC: authorized by its input, not by a role) is named too,
 * and checked on its own: anyone, signed in or not, may call it, and without a valid token it is
 * refused with nothing changed. Then the provider API's operations with a read key and a full key.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { OPERATIONS } from "@/lib/api/operations";
import type { UserRole } from "@/lib/contract/roles";
import { db } from "@/lib/db";
import { createUser } from "@/lib/domain/users";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { type ServerAction, serverActions } from "../../support/http/server-actions";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN } from "../../support/users/actors";
import {
  inputs,
  invitationToken,
  matrixEmail,
  prepareSubjects,
  type Subjects,
  snapshot,
} from "../../support/users/matrix-subjects";

openTestDb();
const baseUrl = inject("baseUrl");

const PLATFORM: UserRole[] = ["administrator", "reviewer", "program_manager", "finance_approver", "auditor"];
const PROVIDER: UserRole[] = ["owner", "editor", "viewer"];
const EVERY_ROLE = [...PLATFORM, ...PROVIDER];

/**
 * Who may call each action, from the issue: administrator (users, providers, settings), reviewer
 * (channel decisions, translations), program manager (programs, their channels, delivery requests,
 * refunds), finance approver (payments), auditor (reads only); owner (users, keys, webhooks, and as
 * the organisation's top role its channels), editor (channels), viewer (reads only). An approval
 * policy is a setting (administrators); a provider's owner is invited by an administrator (users,
 * providers); the organisation's team is its owner's.
 */
const MATRIX: Record<string, UserRole[]> = {
  setPortalModeAction: ["owner", "editor", "viewer"],
  lookupValuesAction: ["owner", "editor", "viewer"],
  createChannelAction: ["owner", "editor"],
  updateChannelAction: ["owner", "editor"],
  setChannelStatusAction: ["owner", "editor"],
  withdrawChannelRequestAction: ["owner", "editor"],
  retireChannelAction: ["owner", "editor"],
  setOptionPurposesAction: ["owner", "editor"],
  subscribeAction: ["owner"],
  unsubscribeAction: ["owner"],
  rotateSecretAction: ["owner"],
  reenableAction: ["owner"],
  replayEventAction: ["owner"],
  replayFailedAction: ["owner"],
  sendTestEventAction: ["owner"],
  sendExampleAction: ["owner"],
  createApiKeyAction: ["owner"],
  rollApiKeyAction: ["owner"],
  revokeApiKeyAction: ["owner"],
  decideAction: ["reviewer"],
  saveTranslationAction: ["reviewer"],
  createProviderAction: ["administrator"],
  inviteOwnerAction: ["administrator"],
  regenerateKeyAction: ["administrator"],
  adminReplayEventAction: ["administrator"],
  adminReplayFailedAction: ["administrator"],
  createProgramAction: ["program_manager"],
  addChannelAction: ["program_manager"],
  refundAction: ["program_manager"],
  previewSendAction: ["program_manager"],
  sendAction: ["program_manager"],
  approvePaymentAction: ["finance_approver"],
  rejectPaymentAction: ["finance_approver"],
  approvalPolicyAction: ["administrator"],
  retentionAction: ["administrator"],
  reconciliationWindowAction: ["administrator"],
  // A statement's breaks and periods: finance approvers settle the breaks and close the periods (issue 32).
  proposeAdjustmentAction: ["finance_approver"],
  approveAdjustmentAction: ["finance_approver"],
  rejectAdjustmentAction: ["finance_approver"],
  closePeriodAction: ["finance_approver"],
  invitePlatformUserAction: ["administrator"],
  revokeInvitationAction: ["administrator"],
  changePlatformRolesAction: ["administrator"],
  deactivatePlatformUserAction: ["administrator"],
  reactivatePlatformUserAction: ["administrator"],
  inviteTeamMemberAction: ["owner"],
  revokeTeamInvitationAction: ["owner"],
  changeTeamRolesAction: ["owner"],
  deactivateTeamMemberAction: ["owner"],
  reactivateTeamMemberAction: ["owner"],
  // Every platform role holds its own tokens; an administrator may revoke anyone's.
  // Erasing a beneficiary is an administrator's, four eyes (issue 36).
  requestErasureAction: ["administrator"],
  decideErasureAction: ["administrator"],
  issueTokenAction: PLATFORM,
  revokeTokenAction: PLATFORM,
  // Each person's own notification settings, in the portal they work in.
  saveNotificationsAction: ["owner", "editor", "viewer"],
  saveConsoleNotificationsAction: PLATFORM,
};

/**
 * Actions authorized by their input alone, not by a role: whoever holds an invitation's one-time
 * token accepts it, signed in or not. Named here so that no action escapes both lists.
 */
const PUBLIC = ["acceptInvitationAction"];

/** Actions any signed-in user may call, whatever their roles, that change only their own preference. */
const ANYONE = ["chooseLocaleAction"];

/** Operations a read key may call (it reads only); a full key may call every operation. */
const READ_KEY_MAY = new Set(["getDeliveryChannel", "getLookUpValues", "getStatement"]);

const REFUSAL = /^Your role does not allow you to /;
const exportName = (action: ServerAction) => action.name.split("#")[1]!;

type Outcome = { refused: true; why: string } | { refused: false; result: unknown };

/** An action's answer: refused (role message, 404 page, redirect to one's own portal) or not. */
async function call(action: ServerAction, session: PortalSession | null, input: unknown): Promise<Outcome> {
  const response = await fetch(`${baseUrl}${action.pagePath}`, {
    method: "POST",
    headers: {
      "next-action": action.id,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: baseUrl,
      ...(session ? { cookie: session.cookie } : {}),
    },
    body: JSON.stringify([input]),
    redirect: "manual",
    signal: AbortSignal.timeout(25_000),
  });
  const text = await response.text();
  const row = text.split("\n").find((line) => /^[0-9a-f]+:\{"ok":/.test(line));
  if (!row) return { refused: true, why: `HTTP ${response.status}` };
  const result = JSON.parse(row.slice(row.indexOf(":") + 1)) as { ok: boolean; error?: string };
  if (!result.ok && REFUSAL.test(result.error ?? "")) return { refused: true, why: result.error! };
  return { refused: false, result };
}

let subjects: Subjects;
const sessions = new Map<UserRole, PortalSession>();

beforeAll(async () => {
  subjects = await prepareSubjects();
  for (const role of EVERY_ROLE) {
    const providerId = PROVIDER.includes(role) ? subjects.providerId : undefined;
    sessions.set(role, await signedIn([role], providerId));
  }
}, 120_000);

describe("every server action as every role", () => {
  it("has a row in the expected matrix (or is public) and an input for every action, and no stale row", () => {
    const names = serverActions().map(exportName);
    const unguarded = [...PUBLIC, ...ANYONE];
    expect(names.filter((name) => !(name in MATRIX) && !unguarded.includes(name))).toEqual([]);
    expect(names.filter((name) => name in MATRIX && unguarded.includes(name))).toEqual([]);
    expect(names.filter((name) => !(name in inputs(subjects)))).toEqual([]);
    expect([...Object.keys(MATRIX), ...unguarded].filter((name) => !names.includes(name))).toEqual([]);
    expect(Object.keys(inputs(subjects)).filter((name) => !names.includes(name))).toEqual([]);
  });

  const byRole = serverActions().filter((action) => ![...PUBLIC, ...ANYONE].includes(exportName(action)));
  it.each(byRole.map((action) => [exportName(action), action] as const))(
    "%s",
    async (name, action) => {
      const allowed = MATRIX[name] ?? [];
      const userIds = [...sessions.values()].map((session) => session.userId);
      // The refused roles first, so that each sees the subjects as prepared.
      const order = [...EVERY_ROLE].sort((a, b) => Number(allowed.includes(a)) - Number(allowed.includes(b)));
      for (const role of order) {
        const input = inputs(subjects)[name]!();
        const before = await snapshot(subjects, userIds);
        const outcome = await call(action, sessions.get(role)!, input);
        if (allowed.includes(role)) {
          expect(outcome, `${role} may call ${name}`).toMatchObject({ refused: false });
        } else {
          expect(outcome, `${role} may not call ${name}`).toMatchObject({ refused: true });
          expect(await snapshot(subjects, userIds), `${role} changed something with ${name}`).toBe(before);
        }
      }
    },
    120_000,
  );
});

describe("public actions, authorized by their input", () => {
  const publicActions = serverActions().filter((action) => PUBLIC.includes(exportName(action)));
  const callers = (): [string, PortalSession | null][] => [
    ["no session", null],
    ...EVERY_ROLE.map((role) => [role, sessions.get(role)!] as [string, PortalSession]),
  ];

  it.each(publicActions.map((action) => [exportName(action), action] as const))(
    "%s is refused to anyone without a valid token, nothing changed",
    async (name, action) => {
      const userIds = [...sessions.values()].map((session) => session.userId);
      for (const [who, session] of callers()) {
        const before = await snapshot(subjects, userIds);
        const outcome = await call(action, session, inputs(subjects)[name]!());
        expect(outcome, `${who}: ${name} with a token never issued`).toMatchObject({
          refused: false,
          result: { ok: false, error: expect.stringMatching(/invitation link is not valid/) },
        });
        expect(await snapshot(subjects, userIds), `${who} changed something with ${name}`).toBe(before);
      }
    },
    120_000,
  );

  it("acceptInvitationAction accepts a valid token whoever calls it, signed in or not", async () => {
    const action = publicActions.find((candidate) => exportName(candidate) === "acceptInvitationAction")!;
    // A real administrator invites: an invitation is only as good as its inviter at acceptance.
    const inviter = await createUser({
      email: matrixEmail("inviter"),
      name: "Inviter",
      password: "matrix-password-0123",
      roles: ["administrator"],
    });
    const admin = { ...ADMIN, id: inviter.id, personId: inviter.id };
    for (const [who, session] of callers()) {
      const email = matrixEmail("accept");
      const { token } = await invitationToken(admin, { email, name: "", roles: ["auditor"] }, baseUrl);
      const input = { token, name: `Accepted by ${who}`, password: "matrix-password-0123" };
      const outcome = await call(action, session, { ...input, confirmPassword: input.password });
      expect(outcome, `${who} accepts an invitation`).toMatchObject({ refused: false, result: { ok: true } });
    }
  }, 120_000);
});

describe("actions anyone may call", () => {
  it("chooseLocaleAction sets a signed-in caller's own language only, whatever their roles, nothing else changed", async () => {
    const action = serverActions().find((candidate) => exportName(candidate) === "chooseLocaleAction")!;
    const userIds = [...sessions.values()].map((session) => session.userId);
    // Without a session the server refuses it, as every action (a visitor's choice is the cookie).
    expect(await call(action, null, { locale: "ar" })).toMatchObject({ refused: true, why: "HTTP 401" });
    for (const role of EVERY_ROLE) {
      const session = sessions.get(role)!;
      const before = await snapshot(subjects, userIds);
      const othersNow = () =>
        db().user.findMany({
          where: { id: { in: userIds.filter((id) => id !== session.userId) } },
          select: { id: true, locale: true },
          orderBy: { id: "asc" },
        });
      const others = await othersNow();
      const outcome = await call(action, session, { locale: "uk" });
      expect(outcome, `${role} chooses a language`).toMatchObject({ refused: false, result: { ok: true } });
      const mine = await db().user.findUniqueOrThrow({
        where: { id: session.userId },
        select: { locale: true },
      });
      expect(mine.locale).toBe("uk");
      expect(await othersNow()).toEqual(others);
      expect(await snapshot(subjects, userIds), `${role} changed something else`).toBe(before);
      await db().user.update({ where: { id: session.userId }, data: { locale: null } });
    }
    const refused = await call(action, sessions.get("owner")!, { locale: "de" });
    expect(refused).toMatchObject({ refused: false, result: { ok: false } });
  }, 120_000);
});

describe("the provider API's operations by key scope", () => {
  const keyed = OPERATIONS.filter((operation) => operation.auth === "apiKey");

  it.each(keyed.map((operation) => [operation.operationId, operation] as const))(
    "%s",
    async (operationId, operation) => {
      const path = operation.path.replace(/\{[^}]+\}$/, subjects.approvedId);
      const send = (key: string) =>
        fetch(`${baseUrl}${path}`, {
          method: operation.method,
          headers: { "x-api-key": key, "content-type": "application/json" },
          body: operation.method === "POST" ? "{}" : undefined,
        });
      const before = await snapshot(subjects, []);
      const read = await send(subjects.readKey);
      if (READ_KEY_MAY.has(operationId)) expect(read.status).not.toBe(403);
      else {
        expect(read.status).toBe(403);
        expect(await read.text()).toMatch(/read-only \(scope \\"read\\"\)/);
        expect(await snapshot(subjects, [])).toBe(before);
      }
      // A full key is never refused for its scope (a live key on the sandbox helpers is another 403).
      expect(await (await send(subjects.fullKey)).text()).not.toMatch(/read-only/);
    },
  );
});
