/**
 * Subscribe and Unsubscribe over HTTP as providers of the test's own, and the subscription rows they
 * leave (tests/api/webhooks/subscriptions*.test.ts; the file opens the database with openTestDb).
 */

import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { db } from "../../../lib/db";
import { issueApiKey } from "../../../lib/domain/keys";
import { createProvider } from "../../../lib/domain/providers";
import { ADMIN } from "../users/actors";

const baseUrl = inject("baseUrl");
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export const EVENT = "DELIVERY_CHANNEL_STATUS_UPDATED";
export const CALLBACK = "https://hooks.example.org/dcp";
export const secret = (label: string) => `${label}-${randomUUID()}`;

export interface Provider {
  id: string;
  key: string;
}

export async function newProvider(): Promise<Provider> {
  const provider = await createProvider(ADMIN, `Subscriptions ${randomUUID()}`);
  const { key } = await issueApiKey(ADMIN, provider.id);
  return { id: provider.id, key };
}

async function post(provider: Provider, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api/Event/${path}`, {
    method: "POST",
    headers: { "x-api-key": provider.key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}
export const subscribe = (provider: Provider, body: unknown) => post(provider, "Subscribe", body);
export const unsubscribe = (provider: Provider, body: unknown) => post(provider, "Unsubscribe", body);

export const rowsOf = (providerId: string, eventType?: string) =>
  db().subscription.findMany({ where: { providerId, ...(eventType ? { eventType } : {}) } });
