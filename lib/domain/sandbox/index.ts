/**
 * The sandbox module's public face: `@/lib/domain/sandbox`, test mode (docs/sandbox.md "Test mode
 * (sandbox)"). Near the top: it drives channels, deliveries, payments and webhooks as a provider's
 * test twin. The line between live and test data is ../live-scope.ts, which every feature reads.
 *
 * - test-mode.ts: a live provider's twin, created when first asked for, and the test decider's rule
 * - test-deliveries.ts: the sandbox's platform side: a test delivery request or refund, on demand
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
