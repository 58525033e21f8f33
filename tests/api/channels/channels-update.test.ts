/**
 * Update over real HTTP: the state table and the content an update stores (see channels.test.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import {
  createdChannel,
  expectedView,
  expectReceipt,
  fullBody,
  updateChannel,
  VIEW_FIELDS,
  viewChannel,
  viewData,
} from "../../support/channels/channel-api";
import { minimalChannelBody as minimalBody } from "../../support/channels/channel-bodies";
import { channelRequestHistory, historyOf } from "../../support/channels/channel-history";
import { expectFailure } from "../../support/http/envelope";
import { openTestDb } from "../../support/server/test-db";

const providerA = inject("providerA");
const providerB = inject("providerB");
openTestDb();

describe("Update: the state table", () => {
  type Sent = "ONLINE" | "OFFLINE" | null | "absent";
  it.each<[string, Sent[], string[]]>([
    ["ONLINE", ["ONLINE"], ["ONLINE"]],
    ["OFFLINE", ["OFFLINE"], ["OFFLINE"]],
    ["ONLINE then OFFLINE", ["ONLINE", "OFFLINE"], ["ONLINE", "OFFLINE"]],
    ["OFFLINE then ONLINE", ["OFFLINE", "ONLINE"], ["OFFLINE", "ONLINE"]],
    ["ONLINE twice", ["ONLINE", "ONLINE"], ["ONLINE", "ONLINE"]],
    ["null keeps REQUESTED", [null], ["REQUESTED"]],
    ["absent keeps REQUESTED", ["absent"], ["REQUESTED"]],
    ["null keeps ONLINE", ["ONLINE", null], ["ONLINE", "ONLINE"]],
    ["absent keeps OFFLINE", ["OFFLINE", "absent"], ["OFFLINE", "OFFLINE"]],
  ])("%s", async (_label, sent, statuses) => {
    const id = await createdChannel();
    for (const [step, status] of sent.entries()) {
      const body = { ...minimalBody(id), landingPage: `www.step${step}.example` };
      const reply = await updateChannel(status === "absent" ? body : { ...body, status });
      expect(reply.status).toBe(200);
      const view = await viewData(id);
      expect(view.status).toBe(statuses[step]);
      expect(view.landingPage).toBe(`www.step${step}.example`);
    }
  });

  it.each([
    ["a new channel", [] as string[], "REQUESTED"],
    ["an ONLINE channel", ["ONLINE"], "ONLINE"],
    ["an OFFLINE channel", ["OFFLINE"], "OFFLINE"],
  ])("status REQUESTED is a 400 and changes nothing, on %s", async (_label, before, status) => {
    const id = await createdChannel(fullBody);
    for (const earlier of before) await updateChannel({ ...fullBody(id), status: earlier });
    const reply = await updateChannel({ ...minimalBody(id), status: "REQUESTED" });
    expect(expectFailure(reply, 400, "ValidationError", "Invalid Request Body")).toBe(
      "The request body format is invalid. Please check it against the API specification. " +
        "status: an update can set status only to OFFLINE or ONLINE",
    );
    expect(await viewData(id)).toStrictEqual(expectedView(fullBody(id), status));
    expect(await historyOf(id)).toHaveLength(1 + before.length);
  });

  it("an invalid body changes neither status nor content", async () => {
    const id = await createdChannel(fullBody);
    const reply = await updateChannel({ ...minimalBody(id), status: "ONLINE", colour: "red" });
    expect(expectFailure(reply, 400, "ValidationError", "Invalid Request Body")).toContain(
      "colour: Unknown property",
    );
    expect(await viewData(id)).toStrictEqual(expectedView(fullBody(id), "REQUESTED"));
    expect(await historyOf(id)).toHaveLength(1);
  });
});

describe("Update: content", () => {
  it("answers an update receipt", async () => {
    const id = await createdChannel();
    expectReceipt(await updateChannel({ ...minimalBody(id), landingPage: "www.new.example" }), id, "update");
  });

  it("replaces the content: omitted optional fields become null", async () => {
    const id = await createdChannel(fullBody);
    const replacement = {
      ...minimalBody(id),
      name: { language: "FR", translation: "Retrait d'espèces" },
    };
    expectReceipt(await updateChannel(replacement), id, "update");
    const data = await viewData(id);
    expect(data).toStrictEqual(expectedView(replacement, "REQUESTED"));
    expect(Object.keys(data)).toEqual(VIEW_FIELDS);
  });

  it("replaces the content: fields added by an update appear", async () => {
    const id = await createdChannel();
    expectReceipt(await updateChannel({ ...fullBody(id), status: "OFFLINE" }), id, "update");
    expect(await viewData(id)).toStrictEqual(expectedView(fullBody(id), "OFFLINE"));
  });

  it("an unknown id is a 404 NotFound", async () => {
    const id = randomUUID();
    const message = expectFailure(await updateChannel(minimalBody(id)), 404, "NotFound", "Not Found");
    expect(message).toContain(id);
    expect((await viewChannel(id)).status).toBe(404);
  });

  it.each([["ONLINE"], [null]])(
    "another provider's channel is a 404 and is not changed (status %j)",
    async (status) => {
      const id = await createdChannel(fullBody, providerB.key);
      const reply = await updateChannel({ ...minimalBody(id), status }, providerA.key);
      expectFailure(reply, 404, "NotFound", "Not Found");
      expect(await viewData(id, providerB.key)).toStrictEqual(expectedView(fullBody(id), "REQUESTED"));
      expect((await viewChannel(id, providerA.key)).status).toBe(404);
      const history = await channelRequestHistory(providerB.id, id);
      expect(history.map((request) => [request.kind, request.state])).toEqual([["CREATE", "PENDING"]]);
    },
  );

  it.each([
    ["no key", null, "API Key is missing"],
    ["a revoked key", inject("revokedKey"), "API Key is invalid"],
  ])("with %s is a 401 and changes nothing", async (_label, key, title) => {
    const id = await createdChannel();
    const reply = await updateChannel({ ...fullBody(id), status: "ONLINE" }, key);
    expectFailure(reply, 401, "Unauthorized", title, null);
    expect(await viewData(id)).toStrictEqual(expectedView(minimalBody(id), "REQUESTED"));
  });
});
