/**
 * Create, Update and View of delivery channels over real HTTP as provider A (or another key), and the
 * contract's answers to expect: receipts and the View of a body (failure envelopes: envelope.ts). Shared by
 * tests/api/channels/channels*.test.ts.
 */
import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import { type Json, withValues } from "../http/json-path";
import { fullChannelBody, minimalChannelBody } from "./channel-bodies";

const baseUrl = inject("baseUrl");
const providerA = inject("providerA");

export interface Reply {
  status: number;
  body: { error: Json | null; data: Json | null; status: string };
}

export const CREATE = "/api/DeliveryChannel/Create";
export const UPDATE = "/api/DeliveryChannel/Update";

/** POSTs raw text under the given content type with an API key (provider A's unless said), or none if null. */
export async function postRawWithKey(
  path: string,
  text: string,
  contentType: string,
  key: string | null = providerA.key,
): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": contentType };
  if (key !== null) headers["x-api-key"] = key;
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: text });
  return { status: response.status, body: await response.json() };
}

/** POSTs `body` as JSON (the contract's example content type) with an API key, or with none if null. */
export const postJsonWithKey = (path: string, body: unknown, key?: string | null) =>
  postRawWithKey(path, JSON.stringify(body), "application/json-patch+json", key);

export const createChannel = (body: unknown, key?: string | null) => postJsonWithKey(CREATE, body, key);
export const updateChannel = (body: unknown, key?: string | null) => postJsonWithKey(UPDATE, body, key);

export async function viewChannel(id: string, key: string | null = providerA.key): Promise<Reply> {
  const headers: Record<string, string> = key === null ? {} : { "x-api-key": key };
  const response = await fetch(`${baseUrl}/api/DeliveryChannel/Get/${encodeURIComponent(id)}`, { headers });
  return { status: response.status, body: await response.json() };
}

/** The shared full body with forms View must show back exactly: non-Latin text, empty strings, nulls. */
export const fullBody = (id: string): Json =>
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

/** The View data of a channel that must exist. */
export async function viewData(id: string, key: string = providerA.key): Promise<Json> {
  const reply = await viewChannel(id, key);
  expect(reply.status).toBe(200);
  return reply.body.data as Json;
}

/** The View fields in the contract's order: the body's fields (status last), then isApproved, status. */
export const VIEW_FIELDS = [
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
export function expectedView(body: Json, status = "REQUESTED"): Json {
  const view: Json = {};
  for (const field of VIEW_FIELDS.slice(0, -2)) view[field] = body[field] ?? null;
  return { ...view, isApproved: false, status };
}

const ISO_UTC_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export const RECEIPTS = {
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
export function expectReceipt(reply: Reply, id: string, kind: keyof typeof RECEIPTS) {
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

/** Creates a channel (asserting success) and returns its id. */
export async function createdChannel(
  body: (id: string) => Json = minimalChannelBody,
  key = providerA.key,
): Promise<string> {
  const id = randomUUID();
  expectReceipt(await createChannel(body(id), key), id, "create");
  return id;
}
