/**
 * Create, Update and View over real HTTP: receipts, the state table, supersession, request kinds,
 * the View shape, and isolation between providers. Every test uses its own fresh channel ids.
 * Validation rows of the contract (400s, limits, nullable forms) are in channels-validation.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fullChannelBody, minimalChannelBody as minimalBody } from "../support/channel-bodies";
import { type Json, withValues } from "../support/json-path";

const baseUrl = inject("baseUrl");
const providerA = inject("providerA");
const providerB = inject("providerB");

interface Reply {
  status: number;
  body: { error: Json | null; data: Json | null; status: string };
}

/** POSTs `body` as JSON (the contract's example content type) with an API key, or with none if null. */
async function postJsonWithKey(
  path: string,
  body: unknown,
  key: string | null = providerA.key,
): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": "application/json-patch+json" };
  if (key !== null) headers["x-api-key"] = key;
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const createChannel = (body: unknown, key?: string | null) =>
  postJsonWithKey("/api/DeliveryChannel/Create", body, key);
const updateChannel = (body: unknown, key?: string | null) =>
  postJsonWithKey("/api/DeliveryChannel/Update", body, key);

async function viewChannel(id: string, key: string | null = providerA.key): Promise<Reply> {
  const headers: Record<string, string> = key === null ? {} : { "x-api-key": key };
  const response = await fetch(`${baseUrl}/api/DeliveryChannel/Get/${encodeURIComponent(id)}`, { headers });
  return { status: response.status, body: await response.json() };
}

/** The View data of a channel that must exist. */
async function viewData(id: string, key: string = providerA.key): Promise<Json> {
  const reply = await viewChannel(id, key);
  expect(reply.status).toBe(200);
  return reply.body.data as Json;
}

/** The shared full body with forms View must show back exactly: non-Latin text, empty strings, nulls. */
const fullBody = (id: string): Json =>
  withValues(fullChannelBody(id), {
    name: { language: "BG", translation: "Получаване на пари в брой" },
    "contacts[1]": { email: "", name: "Night desk", phone: "" },
    callCenter: { phone: "+359 2 000 000", email: null, website: "help.example.org", whatsapp: "" },
    "availability.kycExcluded": [],
    "availability.currenciesExcluded": null,
    "budget.commodity": null,
    "deliveryOptions[1]": {
      fieldLabel: "Agent code",
      fieldName: "agentCode",
      dataType: "STRING",
      isRequired: false,
    },
  });

/** The View fields in the contract's order: the body's fields (status last), then isApproved, status. */
const VIEW_FIELDS = [
  "providerDeliveryChannelId",
  "name",
  "shortDescription",
  "landingPage",
  "contacts",
  "callCenter",
  "availability",
  "budget",
  "deliveryOptions",
  "isApproved",
  "status",
];

/** What View shows for content `body`: every top-level field, null where it was not sent. */
function expectedView(body: Json, status: string): Json {
  const view: Json = {};
  for (const field of VIEW_FIELDS.slice(0, -2)) view[field] = body[field] ?? null;
  return { ...view, isApproved: false, status };
}

const ISO_UTC_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const RECEIPTS = {
  create: {
    requestType: "Delivery Channel Create",
    message: "Delivery channel create request created successfully",
  },
  update: {
    requestType: "Delivery Channel Update",
    message: "Delivery channel update request created successfully",
  },
  updateStatus: {
    requestType: "Delivery Channel Update Status",
    message: "Delivery channel update status request created successfully",
  },
} as const;

/** A 200 receipt of the given kind for channel `id`, dated now. */
function expectReceipt(reply: Reply, id: string, kind: keyof typeof RECEIPTS) {
  expect(reply.status).toBe(200);
  expect(reply.body.error).toBeNull();
  expect(reply.body.status).toBe("success");
  const data = reply.body.data as Json;
  expect(Object.keys(data).sort()).toEqual([
    "date",
    "message",
    "providerDeliveryChannelId",
    "requestType",
    "requestedDate",
  ]);
  expect(data).toMatchObject({ providerDeliveryChannelId: id, ...RECEIPTS[kind] });
  for (const field of ["date", "requestedDate"]) {
    const value = data[field] as string;
    expect(value).toMatch(ISO_UTC_SECONDS);
    expect(Math.abs(Date.parse(value) - Date.now())).toBeLessThan(60_000);
  }
  expect(Date.parse(data.requestedDate as string)).toBeLessThanOrEqual(Date.parse(data.date as string));
}

/** A failure envelope with the given code and type; returns its message. */
function expectFailure(reply: Reply, code: number, type: string, title: string): string | null {
  expect(reply.status).toBe(code);
  expect(reply.body.data).toBeNull();
  expect(reply.body.status).toBe("failed");
  const error = reply.body.error as Json;
  expect(error).toMatchObject({ code, type, title });
  expect(error.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  return error.message as string | null;
}

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

/** Creates a channel (asserting success) and returns its id. */
async function createdChannel(
  body: (id: string) => Json = minimalBody,
  key = providerA.key,
): Promise<string> {
  const id = randomUUID();
  expectReceipt(await createChannel(body(id), key), id, "create");
  return id;
}

// The request history is not visible over the API; read it with the real domain function.
type History = Array<{
  kind: string;
  state: string;
  id: string;
  body: string;
  reason: string | null;
  decidedAt: Date | null;
}>;
let channelRequestHistory: (providerId: string, channelId: string) => Promise<History>;
let decideRequest: typeof import("../../lib/domain/approvals").decideRequest;
let disconnectDb: () => Promise<void>;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  ({ channelRequestHistory } = await import("../../lib/domain/channels"));
  ({ decideRequest } = await import("../../lib/domain/approvals"));
  ({ disconnectDb } = await import("../../lib/db"));
});

/** A channel created over HTTP whose create an administrator approved (through the console's function). */
async function approvedChannel(body: (id: string) => Json = minimalBody): Promise<string> {
  const id = await createdChannel(body);
  const [create] = await channelRequestHistory(providerA.id, id);
  await decideRequest({ id: "api-test-admin", providerId: null }, (create as { id: string }).id, {
    approve: true,
  });
  return id;
}

afterAll(async () => {
  await disconnectDb?.();
});

/** The requests of a channel of provider A with the landingPage each carried, oldest first. */
async function historyOf(id: string) {
  const history = await channelRequestHistory(providerA.id, id);
  return history
    .map((request) => ({ ...request, landingPage: (JSON.parse(request.body) as Json).landingPage }))
    .reverse();
}

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
    expect(expectFailure(await createChannel(minimalBody(id), key), 401, "Unauthorized", title)).toBeNull();
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
    expectFailure(await viewChannel(id, key), 401, "Unauthorized", title);
  });
});

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
    expectFailure(reply, 401, "Unauthorized", title);
    expect(await viewData(id)).toStrictEqual(expectedView(minimalBody(id), "REQUESTED"));
  });
});

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
