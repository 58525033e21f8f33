/**
 * The approvals queue holds the adjustments that settle a statement's breaks (issue 32, item 5),
 * beside the delivery requests and refunds: a finance approver other than the proposer finds one on
 * /admin/approvals, with its break's provider, delivery, amount, reason and approvals so far, linked
 * to the break's page where it is decided; its proposer does not; once decided it is gone. The
 * pages are the real server's, as each signed-in person is served them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approveAdjustment, proposeAdjustment } from "@/lib/domain/reconciliation";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { breakOfForty } from "../../support/reconciliation/settle-world";
import { openTestDb } from "../../support/server/test-db";
import { userActor } from "../../support/users/actors";

openTestDb();
const people = {} as Record<"proposer" | "approver" | "manager", PortalSession>;

beforeAll(async () => {
  people.proposer = await signedIn(["finance_approver"]);
  people.approver = await signedIn(["finance_approver"]);
  people.manager = await signedIn(["program_manager"]);
});

const actorOf = (session: PortalSession) => userActor(["finance_approver"], session.userId);
const linkTo = (breakId: string) => `href="/admin/statement/breaks/${breakId}"`;

describe("the approvals queue", () => {
  it("lists an adjustment to every finance approver but its proposer, until it is decided", async () => {
    const world = await breakOfForty();
    const reason = `Paid 40 of 100, says the provider ${world.hundred.slice(-6)}`;
    const { adjustmentId } = await proposeAdjustment(actorOf(people.proposer), {
      breakId: world.breakId,
      kind: "ACCEPT_PROVIDER_AMOUNT",
      reason,
    });
    // A provider's name with a right-to-left override: it must not reorder the queue's sentence.
    const { name } = await db().provider.update({
      where: { id: world.setup.providerId },
      data: { name: `\u202eRevo ${world.setup.providerId.slice(-6)}` },
    });

    const queue = await people.approver.get("/admin/approvals");
    expect(queue.status).toBe(200);
    const item = queue.body.slice(queue.body.indexOf("Statement adjustments"));
    expect(item).toContain("Accept the provider&#x27;s amount: ");
    expect(item).toContain(`${world.hundred}</bdi>, in \u2068${name.slice(1)}\u2069&#x27;s statement`);
    expect(item).not.toContain("\u202e");
    expect(item).toContain("100.00 EUR");
    expect(item).toContain(reason);
    expect(item).toContain("0 of 1 approvals");
    expect(item).toContain(linkTo(world.breakId));

    // Its proposer may not approve it: not in their queue.
    expect((await people.proposer.get("/admin/approvals")).body).not.toContain(linkTo(world.breakId));
    // A program manager approves nothing.
    expect((await people.manager.get("/admin/approvals")).body).not.toContain(linkTo(world.breakId));

    await approveAdjustment(actorOf(people.approver), adjustmentId);
    expect((await people.approver.get("/admin/approvals")).body).not.toContain(linkTo(world.breakId));
  });
});
