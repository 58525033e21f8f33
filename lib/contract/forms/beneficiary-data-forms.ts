/**
 * Erasing a beneficiary (issue 36, docs/data-protection.md): the console's data-protection page and
 * the platform API share these. The reference is the data subject's request or the case it comes
 * from, never a name: it is kept in the audit trail after the beneficiary is gone.
 */
import { z } from "zod";
import { MAX_BENEFICIARY_ID_LENGTH } from "../delivery-limits";
import { recordId } from "../ids";
import { say } from "../validation-messages";

export const ERASURE_REFERENCE_MAX = 200;

export const erasureRequestSchema = z
  .strictObject({
    beneficiaryId: z
      .string()
      .trim()
      .min(1, say("isRequired"))
      .max(MAX_BENEFICIARY_ID_LENGTH, say("mustBeAtMostCharacters", { max: MAX_BENEFICIARY_ID_LENGTH })),
    reference: z
      .string()
      .trim()
      .min(1, say("enterErasureReference"))
      .max(ERASURE_REFERENCE_MAX, say("mustBeAtMostCharacters", { max: ERASURE_REFERENCE_MAX })),
  })
  .meta({ id: "PlatformErasureRequest" });

export const ERASURE_DECISIONS = ["approve", "reject"] as const;

export const erasureDecisionSchema = z.strictObject({
  erasureRequestId: recordId,
  decision: z.enum(ERASURE_DECISIONS),
});

/**
 * Why someone asks to see beneficiaries' values in clear (issue 36): recorded with every such read
 * in the audit trail. The console's pages offer them in a list; the platform API takes one as `purpose`.
 */
export const VALUE_PURPOSES = [
  "payment_query",
  "beneficiary_request",
  "fraud_investigation",
  "audit_check",
] as const;
export type ValuePurpose = (typeof VALUE_PURPOSES)[number];

export const isValuePurpose = (value: unknown): value is ValuePurpose =>
  typeof value === "string" && (VALUE_PURPOSES as readonly string[]).includes(value);

/** How long a provider's statement of what an option's value is for may be. */
export const OPTION_PURPOSE_MAX = 300;

/**
 * What each delivery option's value is for (issue 36, item 5), as the provider states it on its
 * channel's page: the contract's DeliveryOption has no such field. An empty purpose removes it.
 */
export const optionPurposesSchema = z.strictObject({
  providerDeliveryChannelId: z.string().min(1, say("isRequired")).max(256),
  purposes: z
    .array(
      z.strictObject({
        fieldName: z.string().min(1, say("isRequired")).max(256),
        purpose: z
          .string()
          .trim()
          .max(OPTION_PURPOSE_MAX, say("mustBeAtMostCharacters", { max: OPTION_PURPOSE_MAX })),
      }),
    )
    .max(50),
});
export type OptionPurposesInput = z.infer<typeof optionPurposesSchema>;
