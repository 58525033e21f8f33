/**
 * The table of API operations: each one defined once (lib/api/operation.ts), in the order the
 * reference lists them. The route file app/api/[[...path]], the node:http fast path (both through
 * lib/api/routing.ts) and the OpenAPI document (lib/api/openapi) are derived from it. A new
 * operation is a `defineOperation` in this folder and a line here.
 */
import type { ApiOperation } from "../operation";
import { createChannel, getChannel, updateChannel } from "./channel-operations";
import { health, healthLive, healthReady } from "./health-operation";
import { getLookUpValues } from "./lookup-operation";
import { PLATFORM_OPERATIONS } from "./platform";
import { sandboxDeliveryRequest, sandboxRefundRequest } from "./sandbox-operations";
import { getStatement } from "./statement-operation";
import { subscribeEvent, unsubscribeEvent } from "./subscription-operations";
import { syncDeliveriesOperation, syncDeliveryRequestOperation } from "./sync-operations";

export const OPERATIONS: readonly ApiOperation[] = [
  createChannel,
  updateChannel,
  getChannel,
  getLookUpValues,
  subscribeEvent,
  unsubscribeEvent,
  syncDeliveryRequestOperation,
  syncDeliveriesOperation,
  getStatement,
  sandboxDeliveryRequest,
  sandboxRefundRequest,
  health,
  healthLive,
  healthReady,
  // The platform API (/api/platform/v1), for platform users with a token.
  ...PLATFORM_OPERATIONS,
];
