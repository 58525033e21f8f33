/** The platform API's operations (docs/platform-api.md "Platform API"), in the order the reference lists them. */
import type { ApiOperation } from "../../operation";
import {
  approveDeliveryRequestOperation,
  approveRefundOperation,
  listApprovals,
  rejectDeliveryRequestOperation,
  rejectRefundOperation,
  setApprovalPolicyOperation,
} from "./approvals";
import { listAudit } from "./audit";
import {
  approveChannelRequest,
  getChannelRequest,
  listChannelRequests,
  rejectChannelRequest,
} from "./channel-requests";
import { getChannel, listChannels } from "./channels";
import {
  getDeliveryRequest,
  listDeliveryRequests,
  refundDelivery,
  sendDeliveryRequestOperation,
} from "./delivery-requests";
import { addProgramChannel, createProgramOperation, getProgram, listProgramsOperation } from "./programs";
import { createProviderOperation, getProvider, issueProviderKey, listProviders } from "./providers";
import { getWebhookEvent, listWebhookEvents, queryEligibility, replayWebhookEvent } from "./webhooks";

export const PLATFORM_OPERATIONS: readonly ApiOperation[] = [
  listChannelRequests,
  getChannelRequest,
  approveChannelRequest,
  rejectChannelRequest,
  listChannels,
  getChannel,
  listProviders,
  createProviderOperation,
  getProvider,
  issueProviderKey,
  listProgramsOperation,
  createProgramOperation,
  getProgram,
  addProgramChannel,
  listDeliveryRequests,
  sendDeliveryRequestOperation,
  getDeliveryRequest,
  refundDelivery,
  setApprovalPolicyOperation,
  listApprovals,
  approveDeliveryRequestOperation,
  rejectDeliveryRequestOperation,
  approveRefundOperation,
  rejectRefundOperation,
  queryEligibility,
  listWebhookEvents,
  getWebhookEvent,
  replayWebhookEvent,
  listAudit,
];
