/**
 * The pages show only what a role may do: the rendered HTML of each portal, as each role signed in,
 * has the forms and buttons of its permissions and none of the others'.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { UserRole } from "@/lib/contract/roles";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { openTestDb } from "../../support/server/test-db";
import { MATRIX_NAME, prepareSubjects, type Subjects } from "../../support/users/matrix-subjects";

openTestDb();

let subjects: Subjects;
beforeAll(async () => {
  subjects = await prepareSubjects();
}, 120_000);

/** One session per role: sign-ins are throttled (lib/auth/throttle.ts). */
const sessions = new Map<string, Promise<PortalSession>>();
function sessionOf(roles: UserRole[], providerId?: string) {
  const key = `${roles.join(" ")}@${providerId ?? ""}`;
  if (!sessions.has(key)) sessions.set(key, signedIn(roles, providerId));
  return sessions.get(key)!;
}

/** The page's HTML as the role sees it (a 200 expected). */
async function pageAs(roles: UserRole[], path: string, providerId?: string) {
  const page = await (await sessionOf(roles, providerId)).get(path);
  expect(page.status, `${roles} ${path}`).toBe(200);
  return page.body;
}

describe("the provider portal", () => {
  const provider = (roles: UserRole[], path: string) => pageAs(roles, path, subjects.providerId);

  it("a viewer sees no New channel, Edit or status switch; an editor does", async () => {
    expect(await provider(["viewer"], "/channels")).not.toContain("New channel");
    expect(await provider(["editor"], "/channels")).toContain("New channel");
    const channel = `/channels/${subjects.approvedId}`;
    expect(await provider(["viewer"], channel)).not.toContain(`${subjects.approvedId}/edit`);
    expect(await provider(["editor"], channel)).toContain(`${subjects.approvedId}/edit`);
    // The new-channel page, reached by a link kept from another role, says why there is no form.
    const viewer = await provider(["viewer"], "/channels/new");
    expect(viewer).toContain("may view your organisation&#x27;s channels but not request new ones");
    expect(viewer).not.toContain("Request the channel");
    // Its edit page, reached by a link kept from another role, says why there is no form (issue 30,
    // finding 12: it said "Page not found").
    const edit = await provider(["viewer"], `${channel}/edit`);
    expect(edit).toContain("Your role may view this channel but not change it");
    expect(edit).not.toContain("Request the changes");
    expect(edit).not.toContain("Page not found");
  });

  it("an editor sees no key or webhook management; an owner does", async () => {
    expect(await provider(["editor"], "/keys")).not.toContain("Create a key");
    expect(await provider(["owner"], "/keys")).toContain("Create a key");
    expect(await provider(["editor"], "/webhooks")).not.toContain("Unsubscribe");
    expect(await provider(["owner"], "/webhooks")).toContain("Unsubscribe");
    expect(await provider(["viewer"], "/webhooks/deliveries")).not.toContain("Replay failed events");
    expect(await provider(["owner"], "/webhooks/deliveries")).toContain("Replay failed events");
  });

  it("the team page: an owner invites, changes roles and deactivates; an editor and a viewer only see the list", async () => {
    const owner = await provider(["owner"], "/team");
    for (const control of ["Invite a user", "Save roles", "Deactivate Matrix team-deactivate"])
      expect(owner).toContain(control);
    for (const role of ["editor", "viewer"] as const) {
      const page = await provider([role], "/team");
      expect(page).toContain("Matrix team-deactivate");
      for (const control of ["Invite a user", "Open invitations", "Save roles", "Deactivate Matrix"])
        expect(page, `${role} /team`).not.toContain(control);
    }
  });
});

describe("the console", () => {
  it("shows the decision form to reviewers only", async () => {
    const path = `/admin/requests/${subjects.pendingRequestId}`;
    expect(await pageAs(["reviewer"], path)).toContain("Approve");
    expect(await pageAs(["auditor"], path)).toContain("Your role does not decide channel requests.");
  });

  it("shows provider creation and key regeneration to administrators only", async () => {
    expect(await pageAs(["administrator"], "/admin/providers")).toContain("Create a provider");
    expect(await pageAs(["program_manager"], "/admin/providers")).not.toContain("Create a provider");
  });

  it("shows replays to administrators, program creation to program managers", async () => {
    expect(await pageAs(["administrator"], "/admin/deliveries")).toContain("Replay failed events");
    expect(await pageAs(["finance_approver"], "/admin/deliveries")).not.toContain("Replay failed events");
    expect(await pageAs(["program_manager"], "/admin/programs")).toContain("Create a program");
    expect(await pageAs(["auditor"], "/admin/programs")).not.toContain("Create a program");
  });

  it("links Approvals for finance approvers, Users and the audit trail for administrators and auditors", async () => {
    const links = {
      approvals: 'href="/admin/approvals"',
      users: 'href="/admin/users"',
      audit: 'href="/admin/audit"',
    };
    const expected: [UserRole, (keyof typeof links)[]][] = [
      ["administrator", ["users", "audit"]],
      ["reviewer", []],
      ["program_manager", []],
      ["finance_approver", ["approvals"]],
      ["auditor", ["users", "audit"]],
    ];
    for (const [role, shown] of expected) {
      const page = await pageAs([role], "/admin/programs");
      for (const [link, href] of Object.entries(links)) {
        const linked = shown.includes(link as keyof typeof links);
        expect(page.includes(href), `${role} ${linked ? "sees" : "does not see"} ${link}`).toBe(linked);
      }
    }
  });

  it("links API tokens and lets every platform role create its own; only administrators see others' tokens", async () => {
    for (const role of [
      "administrator",
      "reviewer",
      "program_manager",
      "finance_approver",
      "auditor",
    ] as const) {
      expect(await pageAs([role], "/admin/programs"), role).toContain('href="/admin/tokens"');
      const page = await pageAs([role], "/admin/tokens");
      expect(page, role).toContain("Create a token");
      expect(page.includes(`${MATRIX_NAME} others`), `${role} sees others' tokens`).toBe(
        role === "administrator",
      );
    }
  });

  it("shows the approval policy form to administrators, the policy read-only to others", async () => {
    const path = `/admin/programs/${subjects.policyProgramId}`;
    expect(await pageAs(["administrator"], path)).toContain("Save policy");
    for (const role of ["program_manager", "finance_approver", "auditor"] as const) {
      const page = await pageAs([role], path);
      expect(page, role).toContain("Approval policy");
      expect(page, role).not.toContain("Save policy");
    }
  });

  it("shows payment decisions to finance approvers only", async () => {
    const approve = "Approve the delivery request Send of 10";
    expect(await pageAs(["finance_approver"], "/admin/approvals")).toContain(approve);
    const queue = await pageAs(["program_manager"], "/admin/approvals");
    expect(queue).toContain("Only finance approvers approve payments");
    expect(queue).not.toContain(approve);
    const request = `/admin/programs/${subjects.policyProgramId}/requests/${subjects.approveRequestId}`;
    expect(await pageAs(["finance_approver"], request)).toContain(approve);
    for (const role of ["administrator", "program_manager", "auditor"] as const)
      expect(await pageAs([role], request), role).not.toContain(approve);
  });

  it("shows user management and the owner's invitation to administrators only", async () => {
    const users = await pageAs(["administrator"], "/admin/users");
    for (const control of [
      "Invite a user",
      "Save roles",
      "Deactivate Matrix deactivate",
      "Reactivate Matrix reactivate",
    ])
      expect(users).toContain(control);
    for (const role of ["reviewer", "program_manager", "finance_approver"] as const)
      expect((await (await sessionOf([role])).get("/admin/users")).status, role).toBe(404);
    // An auditor reads everything: the users and their roles, with none of the controls.
    const readOnly = await pageAs(["auditor"], "/admin/users");
    expect(readOnly).toContain("Platform users");
    for (const control of ["Invite a user", "Save roles", "Deactivate Matrix deactivate"])
      expect(readOnly).not.toContain(control);
    const providerPage = `/admin/providers/${subjects.providerId}`;
    expect(await pageAs(["administrator"], providerPage)).toContain("Invite owner");
    for (const role of ["program_manager", "auditor"] as const) {
      const page = await pageAs([role], providerPage);
      expect(page, role).not.toContain("Invite owner");
      expect(page, role).not.toContain("Revoke");
    }
  });
});

describe("each role's first page (issue 30, finding 6)", () => {
  /** The entries of "Waiting for you" a page shows, and the console sections its navigation offers. */
  const waitingOn = (page: string) =>
    [...page.matchAll(/data-waiting="(\w+)"/g)].map((match) => match[1]).sort();
  /** One entry's link and the count it shows. */
  const entry = (page: string, key: string) => {
    const match = new RegExp(`<a data-waiting="${key}"[^>]*href="([^"]*)"[^>]*><span[^>]*>([^<]*)<`).exec(
      page,
    );
    return match ? { href: match[1]!.replaceAll("&amp;", "&"), count: match[2] } : null;
  };
  const sectionsOf = (page: string) =>
    [
      ...(page.match(/<nav aria-label="Main"[\s\S]*?<\/nav>/)?.[0] ?? "").matchAll(
        /href="(\/admin\/[\w-]+)"/g,
      ),
    ]
      .map((match) => match[1])
      .sort();

  it.each([
    [
      "reviewer",
      ["channelRequests", "translationsForHumans", "unreadNotifications"],
      "/admin/requests",
      "/admin/approvals",
    ],
    [
      "finance_approver",
      ["overdueOutcomes", "paymentsToApprove", "unreadNotifications"],
      "/admin/approvals",
      "/admin/requests",
    ],
    [
      "program_manager",
      ["mySendsAwaitingApproval", "unreadNotifications"],
      "/admin/eligibility",
      "/admin/audit",
    ],
    ["auditor", ["auditToday", "unreadNotifications"], "/admin/audit", "/admin/approvals"],
    [
      "administrator",
      ["auditToday", "disabledSubscriptions", "invitationsOpen", "unreadNotifications"],
      "/admin/users",
      "/admin/approvals",
    ],
  ] as const)(
    "a %s sees what waits for them, and the sections of their work",
    async (role, waiting, has, lacks) => {
      const home = await pageAs([role], "/admin");
      expect(waitingOn(home)).toEqual([...waiting].sort());
      expect(sectionsOf(home)).toContain(has);
      expect(sectionsOf(home)).not.toContain(lacks);
    },
  );

  it("a finance approver's count is the payments they may still approve, linked to their queue", async () => {
    const home = await pageAs(["finance_approver"], "/admin");
    expect(entry(home, "paymentsToApprove")).toEqual({
      href: "/admin/approvals",
      count: expect.stringMatching(/^[1-9]/),
    });
  });

  it("a provider's home counts what waits for their role, each linked to the filtered list", async () => {
    const provider = (roles: UserRole[], path: string) => pageAs(roles, path, subjects.providerId);
    const owner = await provider(["owner"], "/channels");
    expect(waitingOn(owner)).toEqual(
      [
        "failingSubscriptions",
        "keysExpiring",
        "rejectedRequests",
        "requestsAwaitingPlatform",
        "unreadNotifications",
      ].sort(),
    );
    expect(entry(owner, "requestsAwaitingPlatform")).toEqual({
      href: "/channels?state=pending",
      count: expect.stringMatching(/^[1-9]/),
    });
    expect(waitingOn(await provider(["viewer"], "/channels"))).toEqual([
      "requestsAwaitingPlatform",
      "unreadNotifications",
    ]);
    // The filtered list holds the channel with a pending request, and not the approved one without.
    const pending = await provider(["viewer"], "/channels?state=pending");
    expect(pending).not.toContain(`/channels/${subjects.approvedId}"`);
    expect(pending).toContain("Show all");
    expect(waitingOn(pending)).toEqual([]);
  });
});
