/**
 * The response envelope every endpoint answers in, the error object, and the request receipts.
 */
import { z } from "zod";

export const errorObjectSchema = z
  .strictObject({
    guid: z.uuid().meta({ description: "Identifier of this error occurrence; also in the server log." }),
    code: z.number().int().meta({ description: "Equals the HTTP status code." }),
    type: z.string().meta({ example: "ValidationError", description: "Error kind." }),
    message: z
      .string()
      .nullable()
      .meta({ description: "Explanatory text; for a 400 it names every offending field." }),
    title: z.string().meta({ example: "Invalid Request Body", description: "Short title." }),
  })
  .meta({ id: "Error" });

export type ErrorObject = z.infer<typeof errorObjectSchema>;

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.strictObject({ error: z.null(), data, status: z.literal("success") });

export const failureEnvelopeSchema = z
  .strictObject({ error: errorObjectSchema, data: z.null(), status: z.literal("failed") })
  .meta({ id: "FailedResponse" });

/** The three request kinds, named as the real platform names them in receipts and events. */
export const REQUEST_TYPES = {
  CREATE: "Delivery Channel Create",
  UPDATE: "Delivery Channel Update",
  UPDATE_STATUS: "Delivery Channel Update Status",
} as const;
export type RequestKind = keyof typeof REQUEST_TYPES;

const isoDate = z.iso.datetime().meta({ example: "2025-04-07T07:51:38Z" });

export const requestReceiptSchema = z
  .strictObject({
    message: z.string().meta({ example: "Delivery channel create request created successfully" }),
    providerDeliveryChannelId: z.string(),
    date: isoDate.meta({ description: "Time of the response (UTC)." }),
    requestType: z.enum(Object.values(REQUEST_TYPES) as [string, ...string[]]),
    requestedDate: isoDate.meta({ description: "Time the request was received (UTC)." }),
  })
  .meta({ id: "RequestReceipt" });

export type RequestReceipt = z.infer<typeof requestReceiptSchema>;

/** ISO 8601 UTC to the second, as the real platform prints dates: 2025-04-07T07:51:38Z. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
