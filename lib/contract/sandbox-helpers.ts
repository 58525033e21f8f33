/**
 * The sandbox's test helpers (docs/sandbox.md "Test mode (sandbox)"): with a test-mode key a provider asks
 * the platform side to send a delivery request to one of its test channels, or to request a refund,
 * so that its whole integration runs without an administrator. Strict like every body of the API.
 */

import { z } from "zod";
import { providerDeliveryChannelId } from "./channel";
import { say } from "./validation-messages";

export const SANDBOX_DEFAULT_DELIVERIES = 3;
export const SANDBOX_MAX_DELIVERIES = 100;

const id = z
  .string()
  .min(1, say("mustNotBeEmpty"))
  .max(64, say("mustBeAtMostCharacters", { max: 64 }));

export const sandboxDeliveryRequestSchema = z
  .strictObject({
    providerDeliveryChannelId,
    deliveries: z
      .number({ error: say("mustBeWholeNumber") })
      .int(say("mustBeWholeNumber"))
      .min(1, say("mustBeAtLeast1"))
      .max(SANDBOX_MAX_DELIVERIES, say("mustBeAtMost", { max: SANDBOX_MAX_DELIVERIES }))
      .default(SANDBOX_DEFAULT_DELIVERIES)
      .meta({ description: "How many test deliveries the request carries." }),
  })
  .meta({ id: "SandboxDeliveryRequest" });

export const sandboxDeliveryRequestReceiptSchema = z
  .strictObject({
    message: z.string(),
    date: z.string(),
    deliveryRequestId: z.string().meta({ description: "As in the DELIVERY_REQUEST_SENT event." }),
    deliveryIds: z.array(z.string()).meta({ description: "The deliveries' ids, as in the event." }),
  })
  .meta({ id: "SandboxDeliveryRequestReceipt" });
export type SandboxDeliveryRequestReceipt = z.infer<typeof sandboxDeliveryRequestReceiptSchema>;

export const sandboxRefundRequestSchema = z
  .strictObject({ deliveryId: id.meta({ description: "A delivery of a test delivery request." }) })
  .meta({ id: "SandboxRefundRequest" });

export const sandboxRefundReceiptSchema = z
  .strictObject({ message: z.string(), date: z.string(), deliveryId: z.string() })
  .meta({ id: "SandboxRefundReceipt" });
export type SandboxRefundReceipt = z.infer<typeof sandboxRefundReceiptSchema>;
