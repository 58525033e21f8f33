/**
 * The request an action runs in, for the audit trail: defineEndpoint (the APIs) and defineAction
 * (the portals) run each call inside `withRequestId`, and lib/domain/audit/record.ts stamps every entry
 * with `currentRequestId()`, so the entries one request wrote can be found together.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

const storage = new AsyncLocalStorage<string>();

/** A caller's X-Request-Id when it is a sane token, else a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && /^[A-Za-z0-9._:-]{8,100}$/.test(header) ? header : randomUUID();
}

export function withRequestId<T>(requestId: string, run: () => T): T {
  return storage.run(requestId, run);
}

export function currentRequestId(): string | null {
  return storage.getStore() ?? null;
}
