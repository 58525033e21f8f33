/**
 * The sandbox module's public face: `@/lib/domain/sandbox`, test mode (docs/sandbox.md "Test mode
 * (sandbox)"). Inside lib/domain, import the file you need (./sandbox/scope): nearly every query
 * keeps live and test data apart with it.
 *
 * - scope.ts: the line between live and test data, in one place (LIVE_PROVIDER, LIVE_PROGRAM, …)
 * - test-mode.ts: a live provider's twin, created when first asked for, and the test decider's rule
 * - deliveries.ts: the sandbox's platform side: a test delivery request or refund, on demand
 */

export { requestSandboxRefund, SANDBOX_HELPERS, sendSandboxDeliveryRequest } from "./test-deliveries";
export {
  decideDueSandboxRequests,
  LIVE_KEY_REFUSAL,
  requireSandbox,
  SANDBOX_MAGIC_WORD,
  SANDBOX_REJECTION_REASON,
  sandboxDecision,
  sandboxOf,
} from "./test-mode";
