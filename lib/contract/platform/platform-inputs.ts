/**
 * The platform API's inputs (docs/platform-api.md "Platform API"): list filters read from the query string and the
 * bodies of its writes. Strict, so a misspelt filter or field is a 400 naming it, never ignored.
 */

import { z } from "zod";
import { MAX_AMOUNT } from "../amount";
import { MAX_DELIVERY_OPTIONS } from "../channel";
import { MAX_BENEFICIARY_ID_LENGTH, MAX_CSV_BYTES, MAX_DELIVERIES } from "../delivery-limits";
import { CHANNEL_CATEGORIES, CHANNEL_STATUSES } from "../enums";
import { VALUE_PURPOSES } from "../forms/beneficiary-data-forms";
import { approvalPolicySchema } from "../forms/payment-approval-forms";
import { programInputSchema, retentionPeriodSchema } from "../forms/program-forms";
import { recordId } from "../ids";
import { findUnstorableText } from "../stored-text";
import { say } from "../validation-messages";

/** `?after=` / `?before=`: an answer's `next` / `previous` cursor (keyset paging, lib/domain/paging.ts). */
const cursor = z.string().min(1, say("mustNotBeEmpty")).max(512, say("isTooLong")).optional();
const page = {
  after: cursor.meta({ description: "The next page: the previous answer's `next`." }),
  before: cursor.meta({ description: "The page before: the previous answer's `previous`." }),
};
const text = z
  .string()
  .trim()
  .min(1, say("mustNotBeEmpty"))
  .max(200, say("isTooLong"))
  // Nothing stored holds a NUL or a lone surrogate, and PostgreSQL refuses them in a query.
  .refine((value) => !findUnstorableText(value), say("mustBeTextWithoutNulOr"));

export const CHANNEL_REQUEST_STATES = ["PENDING", "APPROVED", "REJECTED", "SUPERSEDED", "WITHDRAWN"] as const;

export const channelRequestFilterSchema = z.strictObject({
  state: z.enum(CHANNEL_REQUEST_STATES).optional(),
  provider: text.optional().meta({ description: "A provider's id." }),
  kind: z.enum(["CREATE", "UPDATE", "UPDATE_STATUS"]).optional(),
  ...page,
});

export const channelFilterSchema = z.strictObject({
  provider: text.optional().meta({ description: "A provider's id." }),
  status: z.enum(CHANNEL_STATUSES).optional(),
  approved: z.enum(["yes", "no"]).optional().meta({ description: "Approved at least once." }),
  request: z
    .enum(["pending", "rejected"])
    .optional()
    .meta({ description: "The state of the channel's newest request." }),
  category: z.enum(CHANNEL_CATEGORIES).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, say("mustBeTwoLetterCountryCode"))
    .optional()
    .meta({ description: "Available in this country (ISO 3166-1 alpha-2)." }),
  ...page,
});

export const pageOnlySchema = z.strictObject(page);

/**
 * Why the caller asks to see beneficiaries' values in clear (issue 36): without one, or without the
 * role for it, they come masked; with both, in clear, and the read is recorded in the audit trail.
 */
const purpose = z
  .enum(VALUE_PURPOSES)
  .optional()
  .meta({
    description: `Why you need beneficiaries' values in clear: ${VALUE_PURPOSES.join(", ")}. Without it (or for reviewers and auditors) values come masked (+380•••••4567); with it, the read is recorded in the audit trail.`,
  });

export const valuesQuerySchema = z.strictObject({ purpose });
export const pageWithValuesSchema = z.strictObject({ ...page, purpose });

export const webhookEventFilterSchema = z.strictObject({
  eventType: text.optional().meta({ description: "An event type, e.g. DELIVERY_REQUEST_SENT." }),
  outcome: z.enum(["PENDING", "DELIVERED", "FAILED", "SKIPPED"]).optional(),
  ...page,
});

export const rejectBodySchema = z
  .strictObject({ reason: z.string().trim().min(1, say("isRequired")).max(1000, say("isTooLong")) })
  .meta({ id: "PlatformRejectRequest" });

export const newProviderBodySchema = z
  .strictObject({ name: z.string().trim().min(1, say("isRequired")).max(200, say("isTooLong")) })
  .meta({ id: "PlatformNewProvider" });

export const newProgramBodySchema = programInputSchema.meta({ id: "PlatformNewProgram" });

export const retentionPeriodBodySchema = retentionPeriodSchema
  .omit({ programId: true })
  .meta({ id: "PlatformRetentionPeriod" });

export const programChannelBodySchema = z
  .strictObject({ channelId: recordId })
  .meta({ id: "PlatformProgramChannel" });

/** One delivery of a send; the API reads a send's list a delivery at a time (SEND_DELIVERIES_LIST). */
export const deliveryRowSchema = z.strictObject({
  beneficiaryId: z
    .string()
    .trim()
    .min(1, say("isRequired"))
    .max(MAX_BENEFICIARY_ID_LENGTH, say("mustBeAtMostCharacters", { max: MAX_BENEFICIARY_ID_LENGTH })),
  amount: z.number(say("mustBeNumber")).meta({
    exclusiveMinimum: 0,
    maximum: MAX_AMOUNT,
    multipleOf: 0.01,
    description: "In the program's unit: more than 0, at most two decimals.",
  }),
  options: z.record(z.string().max(100), z.string().max(1000)).default({}),
});

export const newDeliveryRequestBodySchema = z
  .strictObject({
    channelId: recordId,
    description: z.string().trim().min(1, say("isRequired")).max(500, say("isTooLong")),
    deliveries: z
      .array(deliveryRowSchema)
      .min(1, say("needsAtLeastOneDelivery"))
      .max(MAX_DELIVERIES, say("mustHoldAtMostDeliveries", { max: MAX_DELIVERIES })),
    /** Sends an identical batch to the same channel within 24 h anyway. */
    confirmDuplicate: z.boolean().default(false),
  })
  .meta({ id: "PlatformNewDeliveryRequest" });

/** The send's member read item by item, not parsed whole (lib/api/json-list-body.ts, issue 35). */
export const SEND_DELIVERIES_LIST = { name: "deliveries", item: deliveryRowSchema };

/**
 * What a send's body may hold (lib/api/json-body.ts refuses more unparsed): the CSV upload's bytes for
 * the same rows plus the keys JSON repeats in every row (~300 bytes), and per row its beneficiary,
 * amount and options (at most a channel's MAX_DELIVERY_OPTIONS) with the commas between them.
 */
export const NEW_DELIVERY_REQUEST_BODY_LIMITS = {
  bytes: MAX_CSV_BYTES + MAX_DELIVERIES * 300,
  values: MAX_DELIVERIES * (MAX_DELIVERY_OPTIONS + 3),
};

export const refundBodySchema = z
  .strictObject({ reason: z.string().trim().min(1, say("isRequired")).max(500, say("isTooLong")) })
  .meta({ id: "PlatformRefundRequest" });

export const eligibilityBodySchema = z
  .strictObject({
    category: z.enum(CHANNEL_CATEGORIES).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, say("mustBeTwoLetterCountryCode"))
      .optional(),
    nationality: z.string().max(10).optional(),
    kyc: z.string().max(100).optional(),
    currency: z.string().max(10).optional(),
    programId: recordId.optional(),
    ...page,
  })
  .meta({ id: "PlatformEligibilityQuery" });

export const approvalPolicyBodySchema = approvalPolicySchema
  .omit({ programId: true })
  .meta({ id: "PlatformApprovalPolicy" });
