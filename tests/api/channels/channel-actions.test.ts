/**
 * The portal's channel actions called directly, as a tampered page would call them: they judge the
 * body by the form's schema (a name, a landing page, a category), not only by the API's contract, so
 * what the form refuses cannot be created or requested through the action either.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { createChannel, updateChannel } from "../../support/channels/channel-api";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { openTestDb } from "../../support/server/test-db";

// The portal session is made in the shared server's database.
openTestDb();
const baseUrl = inject("baseUrl");
const providerA = inject("providerA");
let cookie: string;

const action = (name: string) =>
  serverActions().find(
    (candidate) => candidate.name === `app/(provider)/channels/channel-actions.ts#${name}`,
  ) as ServerAction;

/** What the API accepts (empty strings and lists are valid there) and the form refuses. */
const unusable = (id: string) => ({
  ...minimalChannelBody(id),
  name: { language: "EN", translation: " " },
  landingPage: "",
  availability: { categoriesSupported: [] },
});
const FORM_PROBLEMS = ["name.translation", "landingPage", "availability.categoriesSupported"];

beforeAll(async () => {
  cookie = (await signedIn("provider", providerA.id)).cookie;
});

describe("a body the form refuses", () => {
  it("is refused by createChannelAction with the form's field errors", async () => {
    const result = await actionResult(baseUrl, action("createChannelAction"), cookie, [
      unusable(randomUUID()),
    ]);
    expect(result).toMatchObject({ ok: false });
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual([...FORM_PROBLEMS].sort());
  });

  it("is refused by updateChannelAction with the form's field errors", async () => {
    const id = randomUUID();
    expect((await createChannel(minimalChannelBody(id))).status).toBe(200);
    const result = await actionResult(baseUrl, action("updateChannelAction"), cookie, [unusable(id)]);
    expect(result).toMatchObject({ ok: false });
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual([...FORM_PROBLEMS].sort());
  });

  it("while the API still accepts it (the contract's bounds)", async () => {
    expect((await createChannel(unusable(randomUUID()))).status).toBe(200);
  });
});

it("a usable body is created through the action", async () => {
  const id = randomUUID();
  const result = await actionResult(baseUrl, action("createChannelAction"), cookie, [minimalChannelBody(id)]);
  expect(result).toMatchObject({ ok: true, data: { providerDeliveryChannelId: id } });
});

describe("saving the edit form without a change (issue 30, finding 9)", () => {
  const pendingRequests = async (id: string) =>
    db().channelRequest.findMany({
      where: { channel: { providerDeliveryChannelId: id }, state: "PENDING" },
      select: { id: true },
    });

  it("files no request and keeps the pending one, saying it still waits", async () => {
    const id = randomUUID();
    expect((await createChannel(minimalChannelBody(id))).status).toBe(200);
    const [pending] = await pendingRequests(id);
    const result = await actionResult(baseUrl, action("updateChannelAction"), cookie, [
      minimalChannelBody(id),
    ]);
    expect(result).toMatchObject({ ok: false });
    expect(result.error).toMatch(/^Nothing changed: your request of .* still waits for a decision/);
    expect(await pendingRequests(id)).toEqual([pending]);
  });

  it("files one when something changed, superseding the pending one", async () => {
    const id = randomUUID();
    expect((await createChannel(minimalChannelBody(id))).status).toBe(200);
    const changed = { ...minimalChannelBody(id), landingPage: "www.example.org/changed" };
    const result = await actionResult(baseUrl, action("updateChannelAction"), cookie, [changed]);
    expect(result).toMatchObject({ ok: true });
    expect(await pendingRequests(id)).toHaveLength(1);
  });

  it("while the API keeps the contract's rule: an identical Update overrides the pending request", async () => {
    const id = randomUUID();
    expect((await createChannel(minimalChannelBody(id))).status).toBe(200);
    const [before] = await pendingRequests(id);
    expect((await updateChannel(minimalChannelBody(id))).status).toBe(200);
    const [after] = await pendingRequests(id);
    expect(after?.id).not.toBe(before?.id);
  });
});
