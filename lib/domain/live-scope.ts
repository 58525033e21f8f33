/**
 * The line between live and test data (docs/sandbox.md "Test mode (sandbox)"), in one place: a sandbox is a
 * Provider row with sandboxOfId set, and everything it owns is test data. The admin console reads
 * through these filters, so no administrator sees a sandbox or anything in it.
 */

import { systemActor } from "./permissions";

/** Who decides test-mode requests: recorded as decidedBy and as the audit entry's actor. */
export const SANDBOX_DECIDER = systemActor("sandbox");

/** Providers that are not a sandbox. */
export const LIVE_PROVIDER = { sandboxOfId: null };
/** Rows owned by a live provider (subscriptions, outbox events). */
export const OF_LIVE_PROVIDER = { provider: LIVE_PROVIDER };
/**
 * Live providers' channels, and their channel requests: the rows' own `sandbox` column, which the
 * database derives from the provider on insert (migration 20261124120000_sandbox_rows), so a list
 * filters without a join and its index begins with it.
 */
export const LIVE_ROW = { sandbox: false };
/** Programs that are not a sandbox's source of test deliveries. */
export const LIVE_PROGRAM = { sandboxFor: null };
