/**
 * Running the service: `@/lib/domain/operations`, what the organisation that runs it asks of an
 * instance. At the top of the domain's order: it reads webhooks' outbox.
 *
 * - readiness.ts: whether this instance should get traffic, and which check says no
 * - stored-state.ts: the backlogs and pending work an operator watches (GET /metrics)
 */
export { type Readiness, readiness } from "./readiness";
export { type PaymentKind, type StoredState, storedState } from "./stored-state";
