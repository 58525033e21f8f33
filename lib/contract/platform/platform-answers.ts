/**
 * The platform API's answers (the envelope's `data`), for the reference. Amounts are minor units as
 * decimal text (`limitMinor`: "150000" is 1,500.00): exact whatever their size. Times are ISO 8601.
 */
import { z } from "zod";
import { CHANNEL_STATUSES } from "../enums";

const time = z.iso.datetime();
const minor = z
  .string()
  .regex(/^-?\d+$/)
  .meta({ description: "Minor units (cents), as decimal text." });

/** Keyset paging: the next page is `?after=<next>`, the previous `?before=<previous>`; null where none is. */
export const pagingShape = {
  total: z.number().int().meta({ description: "Rows the filters select, counted up to 10,000." }),
  totalCapped: z.boolean().meta({ description: "True when there are more than `total`." }),
  pageSize: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
};

const change = z
  .object({
    path: z.string().meta({ example: "name.translation" }),
    kind: z.enum(["added", "removed", "changed", "values"]),
    before: z.unknown().optional(),
    after: z.unknown().optional(),
    added: z.array(z.unknown()).optional(),
    removed: z.array(z.unknown()).optional(),
  })
  .meta({ id: "PlatformContentChange" });

const providerRef = z.object({ id: z.string(), name: z.string() });

export const channelRequestSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["CREATE", "UPDATE", "UPDATE_STATUS"]),
    state: z.string(),
    requestedAt: time,
    decidedAt: time.nullable(),
    reason: z.string().nullable(),
    name: z.string(),
    channel: z.object({ id: z.string(), providerDeliveryChannelId: z.string(), provider: providerRef }),
    changes: z.array(change).meta({ description: "The request's content against the approved content." }),
  })
  .meta({ id: "PlatformChannelRequest" });

export const channelRequestListSchema = z
  .object({ ...pagingShape, requests: z.array(channelRequestSchema) })
  .meta({ id: "PlatformChannelRequestList" });

export const channelRequestDetailSchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(["CREATE", "UPDATE", "UPDATE_STATUS"]),
    state: z.string(),
    requestedAt: time,
    decidedAt: time.nullable(),
    reason: z.string().nullable(),
    previousStatus: z.enum(CHANNEL_STATUSES).nullable().meta({
      description: "A status change's status before it, restored if the request is rejected; else null.",
    }),
    submitted: z.record(z.string(), z.unknown()),
    approved: z.record(z.string(), z.unknown()).nullable(),
    changes: z.array(change),
    channel: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "PlatformChannelRequestDetail" });

export const decisionSchema = z
  .object({ requestId: z.string(), state: z.enum(["APPROVED", "REJECTED"]) })
  .meta({ id: "PlatformDecision" });

export const channelRowSchema = z
  .object({
    id: z.string(),
    providerDeliveryChannelId: z.string(),
    name: z.string(),
    status: z.string(),
    isApproved: z.boolean(),
    updatedAt: time,
    rejectionReason: z.string().nullable(),
    provider: z.object({ name: z.string() }),
    pending: z.object({ kind: z.string(), requestedAt: time }).nullable(),
  })
  .meta({ id: "PlatformChannelRow" });

export const channelListSchema = z
  .object({ ...pagingShape, items: z.array(channelRowSchema) })
  .meta({ id: "PlatformChannelList" });

export const anyObjectSchema = z.record(z.string(), z.unknown()).meta({ id: "PlatformRecord" });
export const pagedListSchema = z
  .object({ ...pagingShape, items: z.array(anyObjectSchema) })
  .meta({ id: "PlatformPagedList" });

/** Eligibility pages like the lists, without a total: counting would read every candidate. */
export const eligibilityPageSchema = z
  .object({
    items: z.array(anyObjectSchema),
    pageSize: pagingShape.pageSize,
    next: pagingShape.next,
    previous: pagingShape.previous,
  })
  .meta({ id: "PlatformEligibilityPage" });

export const newProviderSchema = z
  .object({ id: z.string(), name: z.string(), key: z.string().meta({ description: "Shown this once." }) })
  .meta({ id: "PlatformNewProviderAnswer" });

export const issuedKeySchema = z
  .object({ providerId: z.string(), key: z.string().meta({ description: "Shown this once." }) })
  .meta({ id: "PlatformIssuedKey" });

export const programSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    unit: z.string(),
    createdAt: time,
    budget: z.object({ limitMinor: minor }).partial().passthrough().nullable().optional(),
  })
  .passthrough()
  .meta({ id: "PlatformProgram" });

export const sentDeliveryRequestSchema = z
  .object({
    deliveryRequestId: z.string(),
    totalMinor: minor,
    unit: z.string(),
    approvalState: z.enum(["SENT", "PENDING_APPROVAL"]).meta({
      description: "PENDING_APPROVAL: above the program's threshold, it waits for finance approvals.",
    }),
    approvalsRequired: z.number().int(),
    replayed: z.boolean(),
  })
  .meta({ id: "PlatformSentDeliveryRequest" });

export const doneSchema = z.object({ done: z.literal(true) }).meta({ id: "PlatformDone" });

export const refundStateSchema = z
  .object({ state: z.enum(["REQUESTED", "PENDING_APPROVAL"]) })
  .meta({ id: "PlatformRefundState" });

export const paymentDecisionSchema = z
  .object({
    state: z
      .string()
      .meta({ description: "PENDING_APPROVAL (more approvals needed), SENT / REQUESTED, or REJECTED." }),
    approvals: z.number().int(),
    approvalsRequired: z.number().int(),
  })
  .meta({ id: "PlatformPaymentDecision" });
