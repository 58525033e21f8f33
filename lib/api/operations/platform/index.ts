/** The platform API's operations (docs/platform-api.md "Platform API"), in the order the reference lists them. */
import type { ApiOperation } from "../../operation";
import { listAudit } from "./platform-audit";
import {
  approveErasureOperation,
  listErasuresOperation,
  rejectErasureOperation,
  requestErasureOperation,
} from "./platform-beneficiary-erasures";
import {
  approveChannelRequest,
  getChannelRequest,
  listChannelRequests,
  rejectChannelRequest,
} from "./platform-channel-requests";
import { getChannel, listChannels } from "./platform-channels";
import {
  getDeliveryRequest,
  listDeliveryRequests,
  refundDelivery,
  sendDeliveryRequestOperation,
} from "./platform-delivery-requests";
import {
  approveDeliveryRequestOperation,
  approveRefundOperation,
  listApprovals,
  rejectDeliveryRequestOperation,
  rejectRefundOperation,
  setApprovalPolicyOperation,
} from "./platform-payment-approvals";
import {
  addProgramChannel,
  createProgramOperation,
  getProgram,
  listProgramsOperation,
  setRetentionOperation,
} from "./platform-programs";
import { createProviderOperation, getProvider, issueProviderKey, listProviders } from "./platform-providers";
import { getStatementOperation } from "./platform-statements";
import {
  getWebhookEvent,
  listWebhookEvents,
  queryEligibility,
  replayWebhookEvent,
} from "./platform-webhooks";

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
  getStatementOperation,
  listProgramsOperation,
  createProgramOperation,
  getProgram,
  addProgramChannel,
  setRetentionOperation,
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
  listErasuresOperation,
  requestErasureOperation,
  approveErasureOperation,
  rejectErasureOperation,
];
