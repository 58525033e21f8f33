/**
 * Every server action of the portal and the console, called over HTTP as a browser calls it: the
 * action's id from the build's manifest, POSTed to a page that hosts it with the `Next-Action`
 * header and its arguments encoded as React's encodeReply encodes JSON values. Server actions are
 * public endpoints, so the hostile-input suite sends them what it sends the API.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { fullChannelBody } from "../channels/channel-bodies";
import { hostileValue } from "../contract/hostile-inputs";
import { ROOT } from "../server/test-server";

export interface ServerAction {
  id: string;
  /** `app/(provider)/channels/channel-actions.ts#createChannelAction` */
  name: string;
  /** A page that hosts the action, with made-up route parameters. */
  pagePath: string;
  /** Whose session may call it: the console's actions are the admin's. */
  role: "admin" | "provider";
}

interface ManifestEntry {
  workers: Record<string, unknown>;
  filename: string;
  exportedName: string;
}

/** `app/(admin)/admin/channels/[channelId]/page` → `/admin/channels/x` */
function pageUrl(worker: string): string {
  const segments = worker
    .replace(/^app\//, "")
    .replace(/\/page$/, "")
    .split("/");
  const visible = segments.filter((segment) => !/^\(.*\)$/.test(segment));
  return `/${visible.map((segment) => (segment.startsWith("[") ? "x" : segment)).join("/")}`;
}

export function serverActions(): ServerAction[] {
  const file = path.join(ROOT, ".next/server/server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { node: Record<string, ManifestEntry> };
  return Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    name: `${entry.filename}#${entry.exportedName}`,
    pagePath: pageUrl(Object.keys(entry.workers)[0] as string),
    role: entry.filename.startsWith("app/(admin)") ? "admin" : "provider",
  }));
}

/** React's encodeReply for JSON values: a string that starts with `$` is escaped as `$$…`. */
export function encodeReply(args: unknown[]): string {
  return JSON.stringify(args, (_key, value) =>
    typeof value === "string" && value.startsWith("$") ? `$${value}` : value,
  );
}

function postAction(baseUrl: string, action: ServerAction, cookie: string, args: unknown[]) {
  return fetch(`${baseUrl}${action.pagePath}`, {
    method: "POST",
    headers: {
      "next-action": action.id,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: baseUrl,
      cookie,
    },
    body: encodeReply(args),
    redirect: "manual",
    signal: AbortSignal.timeout(25_000),
  });
}

/** Calls an action; answers the HTTP status and the start of the body. */
export async function callAction(baseUrl: string, action: ServerAction, cookie: string, args: unknown[]) {
  const response = await postAction(baseUrl, action, cookie, args);
  return { status: response.status, text: (await response.text()).slice(0, 300) };
}

/**
 * Calls an action and answers what it returned (an ActionResult): the React Flight answer's row that
 * holds it, `1:{"ok":…}`.
 */
export async function actionResult(baseUrl: string, action: ServerAction, cookie: string, args: unknown[]) {
  const response = await postAction(baseUrl, action, cookie, args);
  const text = await response.text();
  const row = text.split("\n").find((line) => /^[0-9a-f]+:\{"ok":/.test(line));
  if (response.status !== 200 || !row) throw new Error(`${action.name} answered ${response.status}: ${text}`);
  return JSON.parse(row.slice(row.indexOf(":") + 1)) as {
    ok: boolean;
    data?: unknown;
    error?: string;
    fieldErrors?: Record<string, string>;
  };
}

/** Arguments an action might get from a tampered page: its forms' shapes, broken, and anything at all. */
export const hostileActionArgs: fc.Arbitrary<unknown[]> = fc.array(
  fc.oneof(
    hostileValue,
    fc.constant(fullChannelBody("fuzz-action")),
    fc.record(
      {
        programId: hostileValue,
        channelId: hostileValue,
        csv: fc.oneof(fc.string(), fc.constant("phone,amount\n+359888,10\n"), hostileValue),
        rows: hostileValue,
        label: hostileValue,
        eventType: hostileValue,
        callbackUrl: hostileValue,
        providerDeliveryChannelId: hostileValue,
        status: fc.constantFrom("ONLINE", "OFFLINE", "REQUESTED", "x"),
        name: hostileValue,
        email: hostileValue,
        // The ids and fields of the other actions' one object input.
        requestId: hostileValue,
        decision: fc.oneof(
          fc.constant({ approve: true }),
          fc.record({ approve: fc.constant(false), reason: hostileValue }),
          hostileValue,
        ),
        eventId: hostileValue,
        apiKeyId: hostileValue,
        scope: fc.oneof(fc.constantFrom("full", "read", "admin"), hostileValue),
        expiresAt: fc.oneof(fc.constantFrom("", "2026-02-30T10:00", "99999-01-01T00:00"), hostileValue),
        graceEndsAt: fc.oneof(fc.constantFrom("2999-01-01T00:00", "1970-01-01T00:00"), hostileValue),
        providerId: hostileValue,
        deliveryId: hostileValue,
        reason: hostileValue,
        from: hostileValue,
        to: hostileValue,
        key: hostileValue,
        field: hostileValue,
        language: hostileValue,
        text: hostileValue,
        mode: fc.oneof(fc.constantFrom("live", "test"), hostileValue),
        // The webhooks page: rotate a secret, re-enable and recover.
        secret: hostileValue,
        graceHours: fc.oneof(fc.constantFrom(0, 24, 168, 169, -1, 1.5), hostileValue),
        recoverSince: fc.oneof(fc.constantFrom("", "2026-11-23T10:00", "2999-01-01T00:00"), hostileValue),
        // Approval policies and the finance approvers' decisions.
        kind: fc.oneof(fc.constantFrom("deliveryRequest", "refund", "loan"), hostileValue),
        id: hostileValue,
        deliveryThreshold: fc.oneof(fc.constantFrom(null, 0, 100, -1, 1e14, 0.001), hostileValue),
        deliveryApprovalsRequired: fc.oneof(fc.constantFrom(0, 1, 2, 11, 1.5), hostileValue),
        refundThreshold: fc.oneof(fc.constantFrom(null, 50), hostileValue),
        refundApprovalsRequired: fc.oneof(fc.constantFrom(1, 3), hostileValue),
        // User management: invitations, roles, deactivation, accepting an invitation.
        roles: fc.oneof(fc.constant(["reviewer"]), fc.constant(["owner", "administrator"]), hostileValue),
        userId: hostileValue,
        invitationId: hostileValue,
        token: hostileValue,
        password: hostileValue,
        confirmPassword: hostileValue,
        // Platform API tokens: issue (name, days) and revoke.
        expiresInDays: fc.oneof(fc.constantFrom("1", "365", "366", "0", "-1", "1e3"), hostileValue),
        tokenId: hostileValue,
        // A channel's page: withdraw its pending request.
        channelRequestId: hostileValue,
      },
      { requiredKeys: [] },
    ),
  ),
  { maxLength: 3 },
);
