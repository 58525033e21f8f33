/**
 * defineAction: the portal's server actions, as defineEndpoint is the API's operations. Each action
 * is a public endpoint, so every one does the same four things in the same order: the role check
 * (before reading anything the caller sent), the storable-text check and the contract schema, the
 * run with domain errors turned into messages (runAction), and what Next must render again.
 */
import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import {
  type PortalUser,
  type ProviderUser,
  requirePlatformUser,
  requireProviderUser,
} from "../auth/session";
import { say } from "../contract/validation-messages";
import { authorize, type Permission } from "../domain/permissions";
import { requestIdFrom, withRequestId } from "../request-context";
import { type ActionResult, parseInput, runAction, succeed } from "./action-result";

/** Which portal the action belongs to: the console (platform users) or a provider's portal. */
type Role = "admin" | "provider";
type UserOf<R extends Role> = R extends "provider" ? ProviderUser : PortalUser;
/** A path to render again; `{ path, type: "layout" }` for everything under a layout. */
type Revalidation = string | { path: string; type: "layout" | "page" };

const GUARDS: { [R in Role]: () => Promise<UserOf<R>> } = {
  admin: requirePlatformUser,
  provider: requireProviderUser,
};

export function defineAction<R extends Role, S extends z.ZodType, T = undefined>(spec: {
  role: R;
  /** What the action does, from the permission table: refused before the input is read. */
  permission: Permission;
  input: S;
  run: (input: z.infer<S>, user: UserOf<R>) => Promise<T>;
  /** What the action changed, rendered again on success; a function may answer nothing. */
  revalidate?: Revalidation | ((input: z.infer<S>, data: T) => Revalidation | undefined);
  /** Provider actions: runs whatever mode the calling page showed (the live/test switch itself). */
  anyMode?: boolean;
}): (input: unknown, pageMode?: unknown) => Promise<ActionResult<T extends void ? undefined : T>> {
  return async (input: unknown, pageMode?: unknown) =>
    runAction(() =>
      withRequestId(requestIdFrom(null), async () => {
        const user = await GUARDS[spec.role]();
        authorize(user.actor, spec.permission);
        const stale = staleModeFailure(user, pageMode, spec.anyMode);
        if (stale) return stale;
        const parsed = parseInput(spec.input, input);
        if ("failure" in parsed) return parsed.failure;
        const data = await spec.run(parsed.data, user as UserOf<R>);
        const target =
          typeof spec.revalidate === "function" ? spec.revalidate(parsed.data, data) : spec.revalidate;
        if (typeof target === "string") revalidatePath(target);
        else if (target) revalidatePath(target.path, target.type);
        return succeed(data as T extends void ? undefined : T);
      }),
    );
}

/**
 * A provider page rendered in one mode whose action arrives after the portal switched to the other
 * (in another tab or window) would change the other mode's data: an unsubscribe on a stale test-mode
 * page would unsubscribe the live webhook. Refused, nothing changed, with a reload to do.
 */
function staleModeFailure(user: PortalUser | ProviderUser, pageMode: unknown, anyMode = false) {
  if (anyMode || pageMode === undefined || !("mode" in user) || pageMode === user.mode) return undefined;
  return {
    ok: false as const,
    error: say(user.mode === "test" ? "portalSwitchedToTestData" : "portalSwitchedToLiveData"),
  };
}
