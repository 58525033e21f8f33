/**
 * "Withdraw request" over HTTP against the built server (issue 30, finding 9): the channel's page
 * offers it to a member who may edit channels while a request awaits a decision, the action withdraws
 * it, and the page then reads "Request withdrawn". Refused: another provider's request (not found,
 * tenant isolation), a second withdrawal, a decided request, a viewer; and a reviewer deciding the
 * withdrawn request is told why, not answered a 500.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { createChannel, viewChannel } from "../../support/channels/channel-api";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
const baseUrl = inject("baseUrl");
const providerA = inject("providerA");
const providerB = inject("providerB");

const action = (name: string) =>
  serverActions().find((candidate) => candidate.name.endsWith(`#${name}`)) as ServerAction;
const WITHDRAW = "withdrawChannelRequestAction";

let owner: PortalSession;
let viewer: PortalSession;
let stranger: PortalSession;
let reviewer: PortalSession;

beforeAll(async () => {
  [owner, viewer, stranger, reviewer] = await Promise.all([
    signedIn("provider", providerA.id),
    signedIn(["viewer"], providerA.id),
    signedIn("provider", providerB.id),
    signedIn(["reviewer"]),
  ]);
});

/** A channel of provider A created through the API, and its pending create request's id. */
async function pendingChannel() {
  const id = `withdraw-${randomUUID()}`;
  expect((await createChannel(minimalChannelBody(id))).status).toBe(200);
  const request = await db().channelRequest.findFirstOrThrow({
    where: { channel: { providerId: providerA.id, providerDeliveryChannelId: id }, state: "PENDING" },
  });
  return { id, requestId: request.id };
}

const withdrawAs = (session: PortalSession, id: string, channelRequestId: string) =>
  actionResult(baseUrl, action(WITHDRAW), session.cookie, [
    { providerDeliveryChannelId: id, channelRequestId },
  ]);

const stateOf = async (requestId: string) =>
  (await db().channelRequest.findUniqueOrThrow({ where: { id: requestId } })).state;

describe("withdrawing from the channel's page", () => {
  it("the page offers it while a request is pending; the action withdraws it; the page reads withdrawn", async () => {
    const { id, requestId } = await pendingChannel();
    const before = await owner.get(`/channels/${id}`);
    expect(before.body).toContain("Withdraw request");
    expect((await viewer.get(`/channels/${id}`)).body).not.toContain("Withdraw request");

    expect(await withdrawAs(owner, id, requestId)).toMatchObject({
      ok: true,
      data: { channelRequestId: requestId, kind: "CREATE", state: "WITHDRAWN" },
    });
    expect(await stateOf(requestId)).toBe("WITHDRAWN");

    const after = await owner.get(`/channels/${id}`);
    expect(after.body).toContain("Request withdrawn");
    expect(after.body).toContain("You withdrew your request");
    // The history says who ended the request: withdrawn, not "decided".
    expect(after.body).toMatch(/Withdrawn \d{4}-\d{2}-\d{2}/);
    expect(after.body).not.toContain("Decided");
    expect(after.body).not.toContain("Withdraw request");
  });

  it("leaves the API's View as it was: REQUESTED, unapproved", async () => {
    const { id, requestId } = await pendingChannel();
    const view = await viewChannel(id);
    expect(view.body.data).toMatchObject({ status: "REQUESTED", isApproved: false });
    await withdrawAs(owner, id, requestId);
    expect(await viewChannel(id)).toEqual(view);
  });

  it("shows in another language in that language", async () => {
    const { id, requestId } = await pendingChannel();
    await withdrawAs(owner, id, requestId);
    await db().user.update({ where: { id: owner.userId }, data: { locale: "fr" } });
    try {
      expect((await owner.get(`/channels/${id}`)).body).toContain("Demande retirée");
    } finally {
      await db().user.update({ where: { id: owner.userId }, data: { locale: null } });
    }
  });
});

describe("refused", () => {
  it("another provider's request is not found, whichever channel id is sent, and stays pending", async () => {
    const { id, requestId } = await pendingChannel();
    for (const channelId of [id, `other-${randomUUID()}`]) {
      const result = await withdrawAs(stranger, channelId, requestId);
      expect(result).toMatchObject({ ok: false, error: "No such channel request." });
    }
    expect(await stateOf(requestId)).toBe("PENDING");
  });

  it("withdrawing twice: the second is told it is withdrawn already", async () => {
    const { id, requestId } = await pendingChannel();
    expect(await withdrawAs(owner, id, requestId)).toMatchObject({ ok: true });
    expect(await withdrawAs(owner, id, requestId)).toMatchObject({
      ok: false,
      error: "This request was already withdrawn.",
    });
  });

  it("a viewer may not withdraw", async () => {
    const { id, requestId } = await pendingChannel();
    const result = await withdrawAs(viewer, id, requestId);
    expect(result).toMatchObject({ ok: false });
    expect(result.error).toMatch(/^Your role does not allow you to /);
    expect(await stateOf(requestId)).toBe("PENDING");
  });

  it("a decided request: approved first, then the withdrawal is refused", async () => {
    const { id, requestId } = await pendingChannel();
    const decide = action("decideAction");
    expect(
      await actionResult(baseUrl, decide, reviewer.cookie, [{ requestId, decision: { approve: true } }]),
    ).toMatchObject({ ok: true });
    expect(await withdrawAs(owner, id, requestId)).toMatchObject({
      ok: false,
      error: "This request was already approved: there is nothing left to withdraw.",
    });
  });

  it("a reviewer who had the withdrawn request open is told it was withdrawn", async () => {
    const { id, requestId } = await pendingChannel();
    await withdrawAs(owner, id, requestId);
    const decide = action("decideAction");
    for (const decision of [{ approve: true }, { approve: false, reason: "Too late" }]) {
      expect(await actionResult(baseUrl, decide, reviewer.cookie, [{ requestId, decision }])).toMatchObject({
        ok: false,
        error: "The provider withdrew this request: there is nothing left to decide.",
      });
    }
    const page = await reviewer.get(`/admin/requests/${requestId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("withdrawn");
    expect(page.body).not.toContain(">Approve<");
  });
});
