/**
 * The API keys page's server actions over HTTP, as a provider's browser calls them (tests of key
 * rotation and of the request log): a provider of its own, a signed-in user of it, its keys.
 */

import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { createProvider } from "@/lib/domain/providers";
import { type PortalSession, signedIn } from "../http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../http/server-actions";
import { ADMIN } from "../users/actors";

const baseUrl = () => inject("baseUrl");

const keyAction = (name: string) =>
  serverActions().find(
    (candidate) => candidate.name === `app/(provider)/keys/key-actions.ts#${name}`,
  ) as ServerAction;

export interface KeyOwner {
  providerId: string;
  session: PortalSession;
  /** The action's ActionResult for this input. */
  act(
    action: "createApiKeyAction" | "rollApiKeyAction" | "revokeApiKeyAction",
    input: unknown,
  ): Promise<{
    ok: boolean;
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the data it expects
    data?: any;
    error?: string;
    fieldErrors?: Record<string, string>;
  }>;
  /** A key made through the page's create action; throws when it is refused. */
  newKey(input?: {
    name?: string;
    scope?: string;
    expiresAt?: string;
  }): Promise<{ key: string; apiKeyId: string }>;
}

/** A new provider with a signed-in user (call inside a test or hook, after openTestDb). */
export async function keyOwner(): Promise<KeyOwner> {
  const provider = await createProvider(ADMIN, `Keys ${randomUUID()}`);
  const session = await signedIn("provider", provider.id);
  const act: KeyOwner["act"] = (action, input) =>
    actionResult(baseUrl(), keyAction(action), session.cookie, [input]);
  return {
    providerId: provider.id,
    session,
    act,
    async newKey(input = {}) {
      const result = await act("createApiKeyAction", {
        name: "test key",
        scope: "full",
        expiresAt: "",
        ...input,
      });
      if (!result.ok) throw new Error(`createApiKeyAction refused: ${JSON.stringify(result)}`);
      return result.data;
    },
  };
}

/** A datetime-local value `ms` from now, with seconds (the schema takes them), read as UTC. */
export const utcIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19);

export const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** One API call with a key; answers status and parsed body. */
export async function callWith(key: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, response, json: await response.json() };
}

export const LOOKUPS = "/api/ClientSetting/GetLookUpValues";
export const lookupWith = (key: string) => callWith(key, LOOKUPS, { data: "Kyc" });
