/**
 * Talking to server processes a test file starts itself (tests/api/operations/): seeding a
 * provider into its database, raw requests, its JSON log lines and its exit.
 */

import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { ADMIN } from "../users/actors";

export const LOOKUPS = "/api/ClientSetting/GetLookUpValues";

/** A subscription any provider may make: no auth, a public https callback. */
export const SUBSCRIPTION = {
  eventType: "DELIVERY_REQUEST_SENT",
  callbackUrl: "https://hooks.example.org/x",
};

/** Creates a provider and key in the database at `databaseUrl` (this process's lib/db, switched). */
export async function seedProvider(databaseUrl: string): Promise<{ id: string; key: string }> {
  const { disconnectDb } = await import("../../../lib/db");
  await disconnectDb();
  process.env.DATABASE_URL = databaseUrl;
  const { issueApiKey } = await import("../../../lib/domain/keys");
  const { createProvider } = await import("../../../lib/domain/providers");
  const provider = await createProvider(ADMIN, `Operations ${randomUUID()}`);
  const { key } = await issueApiKey(ADMIN, provider.id);
  await disconnectDb();
  return { id: provider.id, key };
}

export const channelBody = (providerDeliveryChannelId: string) => ({
  providerDeliveryChannelId,
  name: { language: "EN", translation: "Cash pick-up" },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH"], countriesSupported: ["BG"] },
  status: null,
});

export interface Request {
  method: string;
  path: string;
  key?: string;
  contentType?: string;
  body?: string;
}

/** POST a Create of `channelBody(id)` with the given key. */
export function createChannel(baseUrl: string, key: string, id: string) {
  return send(baseUrl, {
    method: "POST",
    path: "/api/DeliveryChannel/Create",
    key,
    body: JSON.stringify(channelBody(id)),
  });
}

export async function send(
  baseUrl: string,
  { method, path, key, contentType = "application/json", body }: Request,
) {
  const headers: Record<string, string> = { "content-type": contentType };
  if (key) headers["x-api-key"] = key;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export function jsonLines(output: string): Record<string, unknown>[] {
  return output.split("\n").flatMap((line) => {
    try {
      const value = JSON.parse(line);
      return typeof value === "object" && value !== null ? [value] : [];
    } catch {
      return [];
    }
  });
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}
