/**
 * The pages show only what a role may do: the rendered HTML of each portal, as each role signed in,
 * has the forms and buttons of its permissions and none of the others'.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { UserRole } from "@/lib/contract/roles";
import { prepareSubjects, type Subjects } from "../support/matrix-subjects";
import { type PortalSession, signedIn } from "../support/portal-session";
import { openTestDb } from "../support/test-db";

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
    const viewer = await (await sessionOf(["viewer"], subjects.providerId)).get("/channels/new");
    expect(viewer.status).toBe(404);
  });

  it("an editor sees no key or webhook management; an owner does", async () => {
    expect(await provider(["editor"], "/keys")).not.toContain("Create a key");
    expect(await provider(["owner"], "/keys")).toContain("Create a key");
    expect(await provider(["editor"], "/webhooks")).not.toContain("Unsubscribe");
    expect(await provider(["owner"], "/webhooks")).toContain("Unsubscribe");
    expect(await provider(["viewer"], "/webhooks/deliveries")).not.toContain("Replay failed events");
    expect(await provider(["owner"], "/webhooks/deliveries")).toContain("Replay failed events");
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
});
