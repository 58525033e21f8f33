/**
 * Create and View over real HTTP: receipts, the View shape, and isolation between providers. Every
 * test uses its own fresh channel ids. Update is in channels-update*.test.ts; validation rows of the
 * contract (400s, limits, nullable forms) are in channels-validation*.test.ts.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import {
  createChannel,
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
import { historyOf } from "../../support/channels/channel-history";
import { expectFailure } from "../../support/http/envelope";
import type { Json } from "../../support/http/json-path";
import { openTestDb } from "../../support/server/test-db";

const providerA = inject("providerA");
const providerB = inject("providerB");
openTestDb();

describe("Create", () => {
  it("answers a create receipt and the channel is viewable at once", async () => {
    const id = randomUUID();
    expectReceipt(await createChannel(minimalBody(id)), id, "create");
    expect(await viewData(id)).toStrictEqual(expectedView(minimalBody(id), "REQUESTED"));
  });

  it.each([["ONLINE"], ["OFFLINE"], ["REQUESTED"], [null], [undefined]])(
    "starts REQUESTED when status %j is sent",
    async (status) => {
      const id = randomUUID();
      const reply = await createChannel({ ...minimalBody(id), status });
      expectReceipt(reply, id, "create");
      expect((await viewData(id)).status).toBe("REQUESTED");
    },
  );

  it("records one pending CREATE request", async () => {
    const id = await createdChannel();
    expect(await historyOf(id)).toMatchObject([{ kind: "CREATE", state: "PENDING", decidedAt: null }]);
  });

  it("a duplicate id is a 409 Conflict and leaves the original intact", async () => {
    const id = await createdChannel(fullBody);
    await updateChannel({ ...fullBody(id), status: "ONLINE" });
    const duplicate = await createChannel({ ...minimalBody(id), landingPage: "www.other.example" });
    const message = expectFailure(duplicate, 409, "Conflict", "Conflict");
    expect(message).toContain(id);
    expect(await viewData(id)).toStrictEqual(expectedView(fullBody(id), "ONLINE"));
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE", "UPDATE"]);
  });

  it("the same id may be used by two providers, each seeing its own channel", async () => {
    const id = randomUUID();
    expectReceipt(await createChannel(minimalBody(id), providerA.key), id, "create");
    expectReceipt(await createChannel(fullBody(id), providerB.key), id, "create");
    expect(await viewData(id, providerA.key)).toStrictEqual(expectedView(minimalBody(id), "REQUESTED"));
    expect(await viewData(id, providerB.key)).toStrictEqual(expectedView(fullBody(id), "REQUESTED"));
  });

  it.each([
    ["no key", null, "API Key is missing"],
    ["a revoked key", inject("revokedKey"), "API Key is invalid"],
  ])("with %s is a 401 and creates nothing", async (_label, key, title) => {
    const id = randomUUID();
    expectFailure(await createChannel(minimalBody(id), key), 401, "Unauthorized", title, null);
    expect((await viewChannel(id)).status).toBe(404);
  });
});

describe("View", () => {
  it("returns every field in the contract's order, null where nothing was sent", async () => {
    const id = await createdChannel();
    const data = await viewData(id);
    expect(Object.keys(data)).toEqual(VIEW_FIELDS);
    expect(data).toStrictEqual({
      providerDeliveryChannelId: id,
      name: { language: "EN", translation: "Cash collection" },
      shortDescription: null,
      landingPage: "www.moneygram.com",
      contacts: null,
      callCenter: null,
      availability: { categoriesSupported: ["CASH"] },
      budget: null,
      deliveryOptions: null,
      isApproved: false,
      status: "REQUESTED",
    });
  });

  it("returns the full content exactly as sent", async () => {
    const id = await createdChannel(fullBody);
    const reply = await viewChannel(id);
    expect(reply.status).toBe(200);
    expect(reply.body).toStrictEqual({
      error: null,
      data: expectedView(fullBody(id), "REQUESTED"),
      status: "success",
    });
    expect(Object.keys(reply.body.data as Json)).toEqual(VIEW_FIELDS);
  });

  it("an unknown id is a 404 NotFound naming the id", async () => {
    const id = randomUUID();
    const message = expectFailure(await viewChannel(id), 404, "NotFound", "Not Found");
    expect(message).toContain(id);
  });

  it("another provider's channel is a 404, the same answer as an unknown id", async () => {
    const id = await createdChannel(fullBody, providerB.key);
    const message = expectFailure(await viewChannel(id, providerA.key), 404, "NotFound", "Not Found");
    expect(message).toBe(`No delivery channel with providerDeliveryChannelId "${id}".`);
    expect((await viewChannel(id, providerB.key)).status).toBe(200);
  });

  it("an id using every allowed special character is viewable", async () => {
    const id = `Ch.${randomUUID()}_~-x`;
    expectReceipt(await createChannel(minimalBody(id)), id, "create");
    expect((await viewData(id)).providerDeliveryChannelId).toBe(id);
  });

  it.each([
    ["no key", null, "API Key is missing"],
    ["a revoked key", inject("revokedKey"), "API Key is invalid"],
  ])("with %s is a 401", async (_label, key, title) => {
    const id = await createdChannel();
    expectFailure(await viewChannel(id, key), 401, "Unauthorized", title, null);
  });
});
