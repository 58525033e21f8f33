/**
 * Update over real HTTP: which kind of request an update makes (update or update-status, decided
 * against the approved content) and how a newer request supersedes the pending ones.
 */
import { describe, expect, it } from "vitest";
import {
  createdChannel,
  expectedView,
  expectReceipt,
  fullBody,
  type RECEIPTS,
  updateChannel,
  viewData,
} from "../../support/channels/channel-api";
import { minimalChannelBody as minimalBody } from "../../support/channels/channel-bodies";
import { approvedChannel, historyOf } from "../../support/channels/channel-history";
import type { Json } from "../../support/http/json-path";
import { openTestDb } from "../../support/server/test-db";

openTestDb();

/** The same JSON value with the properties of every object in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reverseKeys(inner)]),
  );
}

describe("Update: request kinds", () => {
  it.each<[string, (id: string) => Json, keyof typeof RECEIPTS, string]>([
    [
      "same content with ONLINE",
      (id) => ({ ...fullBody(id), status: "ONLINE" }),
      "updateStatus",
      "UPDATE_STATUS",
    ],
    [
      "same content with OFFLINE",
      (id) => ({ ...fullBody(id), status: "OFFLINE" }),
      "updateStatus",
      "UPDATE_STATUS",
    ],
    ["same content with status null", (id) => ({ ...fullBody(id), status: null }), "update", "UPDATE"],
    ["same content without status", (id) => fullBody(id), "update", "UPDATE"],
    [
      "changed content with ONLINE",
      (id) => ({ ...fullBody(id), landingPage: "www.changed.example", status: "ONLINE" }),
      "update",
      "UPDATE",
    ],
    [
      "same content, properties in another order, with ONLINE",
      (id) => ({ status: "ONLINE", ...(reverseKeys(fullBody(id)) as Json) }),
      "updateStatus",
      "UPDATE_STATUS",
    ],
    [
      "budget removed, with OFFLINE",
      (id) => ({ ...fullBody(id), budget: undefined, status: "OFFLINE" }),
      "update",
      "UPDATE",
    ],
  ])("of an approved channel: %s", async (_label, update, receipt, kind) => {
    const id = await approvedChannel(fullBody);
    expectReceipt(await updateChannel(update(id)), id, receipt);
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE", kind]);
  });

  it("a channel never approved has no update-status: its content with a status is an update", async () => {
    const id = await createdChannel(fullBody);
    expectReceipt(await updateChannel({ ...fullBody(id), status: "ONLINE" }), id, "update");
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE", "UPDATE"]);
  });

  it("an absent optional field and null are the same content", async () => {
    const id = await approvedChannel();
    const reply = await updateChannel({
      ...minimalBody(id),
      shortDescription: null,
      contacts: null,
      status: "ONLINE",
    });
    expectReceipt(reply, id, "updateStatus");
  });

  it("an absent nested field and null are the same content too", async () => {
    const id = await approvedChannel((channelId) => ({
      ...minimalBody(channelId),
      callCenter: { phone: "+359 2 000 000" },
    }));
    const reply = await updateChannel({
      ...minimalBody(id),
      callCenter: { phone: "+359 2 000 000", email: null, whatsapp: null },
      availability: { categoriesSupported: ["CASH"], countriesExcluded: null },
      status: "ONLINE",
    });
    expectReceipt(reply, id, "updateStatus");
  });

  it("is decided against the approved content, not the newest requested one", async () => {
    const id = await approvedChannel(fullBody);
    expectReceipt(await updateChannel(minimalBody(id)), id, "update");
    // The same content as the pending request, but not the approved one: approving it approves content.
    expectReceipt(await updateChannel({ ...minimalBody(id), status: "ONLINE" }), id, "update");
    expectReceipt(await updateChannel({ ...fullBody(id), status: "OFFLINE" }), id, "updateStatus");
    expect((await historyOf(id)).map((request) => request.kind)).toEqual([
      "CREATE",
      "UPDATE",
      "UPDATE",
      "UPDATE_STATUS",
    ]);
    expect(await viewData(id)).toStrictEqual({ ...expectedView(fullBody(id), "OFFLINE"), isApproved: true });
  });
});

describe("Update: supersession", () => {
  it("an update supersedes the pending create", async () => {
    const id = await createdChannel();
    await updateChannel({ ...minimalBody(id), landingPage: "www.first.example" });
    const history = await historyOf(id);
    expect(history.map(({ kind, state, landingPage }) => ({ kind, state, landingPage }))).toEqual([
      { kind: "CREATE", state: "SUPERSEDED", landingPage: "www.moneygram.com" },
      { kind: "UPDATE", state: "PENDING", landingPage: "www.first.example" },
    ]);
    expect(history[0]).toMatchObject({
      reason: "Superseded by a newer request",
      decidedAt: expect.any(Date),
    });
    expect(history[1]).toMatchObject({ reason: null, decidedAt: null });
  });

  it("of two updates the first becomes SUPERSEDED, the create too; only the newest is pending", async () => {
    const id = await createdChannel();
    await updateChannel({ ...minimalBody(id), landingPage: "www.first.example" });
    await updateChannel({ ...minimalBody(id), landingPage: "www.second.example", status: "ONLINE" });
    const history = await historyOf(id);
    expect(history.map(({ kind, state, landingPage }) => ({ kind, state, landingPage }))).toEqual([
      { kind: "CREATE", state: "SUPERSEDED", landingPage: "www.moneygram.com" },
      { kind: "UPDATE", state: "SUPERSEDED", landingPage: "www.first.example" },
      { kind: "UPDATE", state: "PENDING", landingPage: "www.second.example" },
    ]);
    expect((await viewData(id)).landingPage).toBe("www.second.example");
  });

  it("a status-only update supersedes too", async () => {
    const id = await approvedChannel();
    await updateChannel({ ...minimalBody(id), status: "OFFLINE" });
    await updateChannel({ ...minimalBody(id), status: "ONLINE" });
    expect((await historyOf(id)).map(({ kind, state }) => [kind, state])).toEqual([
      ["CREATE", "APPROVED"],
      ["UPDATE_STATUS", "SUPERSEDED"],
      ["UPDATE_STATUS", "PENDING"],
    ]);
  });

  it("a refused update supersedes nothing", async () => {
    const id = await createdChannel();
    await updateChannel({ ...minimalBody(id), status: "REQUESTED" });
    await updateChannel({ ...minimalBody(id), budget: null });
    expect((await historyOf(id)).map(({ kind, state }) => [kind, state])).toEqual([["CREATE", "PENDING"]]);
  });
});
