/**
 * "Retire channel" over HTTP against the built server (issue 30, finding 9): the channel's page offers
 * it to a member who may edit channels; afterwards the page reads "Retired" with no edit link, switch
 * or retire button, the edit page has no form, the console shows it retired, and the API's Update of it
 * answers the contract's 400 while View answers as before, OFFLINE. Another provider cannot retire it.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { createChannel, updateChannel, viewChannel } from "../../support/channels/channel-api";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { expectFailure } from "../../support/http/envelope";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
const baseUrl = inject("baseUrl");
const providerA = inject("providerA");
const providerB = inject("providerB");

const action = (name: string) =>
  serverActions().find((candidate) => candidate.name.endsWith(`#${name}`)) as ServerAction;

let owner: PortalSession;
let viewer: PortalSession;
let stranger: PortalSession;
let admin: PortalSession;

beforeAll(async () => {
  [owner, viewer, stranger, admin] = await Promise.all([
    signedIn("provider", providerA.id),
    signedIn(["viewer"], providerA.id),
    signedIn("provider", providerB.id),
    signedIn("admin"),
  ]);
});

async function newChannel() {
  const id = `retire-${randomUUID()}`;
  expect((await createChannel(minimalChannelBody(id))).status).toBe(200);
  return id;
}

const retireAs = (session: PortalSession, id: string) =>
  actionResult(baseUrl, action("retireChannelAction"), session.cookie, [{ providerDeliveryChannelId: id }]);

describe("retiring from the channel's page", () => {
  it("is offered to an owner, not a viewer; afterwards the page offers no change and reads Retired", async () => {
    const id = await newChannel();
    expect((await owner.get(`/channels/${id}`)).body).toContain("Retire channel");
    expect((await viewer.get(`/channels/${id}`)).body).not.toContain("Retire channel");

    expect(await retireAs(owner, id)).toMatchObject({ ok: true, data: { providerDeliveryChannelId: id } });
    const page = (await owner.get(`/channels/${id}`)).body;
    expect(page).toContain("Retired");
    expect(page).toContain("You retired this channel");
    for (const gone of ["Retire channel", "Switch online", "Withdraw request", `${id}/edit`])
      expect(page).not.toContain(gone);
    const edit = (await owner.get(`/channels/${id}/edit`)).body;
    expect(edit).toContain("This channel is retired: it can no longer be changed.");
    expect(edit).not.toContain("Request the changes");
  });

  it("the console's channel page shows it Retired", async () => {
    const id = await newChannel();
    await retireAs(owner, id);
    const channel = await db().channel.findFirstOrThrow({
      where: { providerId: providerA.id, providerDeliveryChannelId: id },
    });
    expect((await admin.get(`/admin/channels/${channel.id}`)).body).toContain("Retired");
    expect((await admin.get(`/admin/channels?state=retired&providerId=${providerA.id}`)).body).toContain(id);
  });
});

describe("the API after retiring", () => {
  it("Update answers the contract's 400, naming the retirement, and changes nothing", async () => {
    const id = await newChannel();
    await retireAs(owner, id);
    const view = await viewChannel(id);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ status: "OFFLINE", isApproved: false });
    for (const status of [null, "ONLINE", "OFFLINE"]) {
      const reply = await updateChannel({ ...minimalChannelBody(id), status });
      expect(expectFailure(reply, 400, "ValidationError", "Invalid Request Body")).toBe(
        "The request body format is invalid. Please check it against the API specification. " +
          `providerDeliveryChannelId: the channel ${id} was retired by its provider and can no longer be updated`,
      );
    }
    expect(await viewChannel(id)).toEqual(view);
  });

  it("Update of a channel in service still answers its receipt", async () => {
    const id = await newChannel();
    expect((await updateChannel({ ...minimalChannelBody(id), status: "OFFLINE" })).status).toBe(200);
  });
});

describe("refused", () => {
  it("another provider's channel is not found and stays in service", async () => {
    const id = await newChannel();
    expect(await retireAs(stranger, id)).toMatchObject({ ok: false, error: "No such channel." });
    expect((await viewChannel(id)).body.data).toMatchObject({ status: "REQUESTED" });
  });

  it("a viewer, and a second retirement", async () => {
    const id = await newChannel();
    const refused = await retireAs(viewer, id);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/^Your role does not allow you to /);
    expect(await retireAs(owner, id)).toMatchObject({ ok: true });
    expect(await retireAs(owner, id)).toMatchObject({ ok: false, error: "This channel is already retired." });
  });
});
