/** The lookup operation: a key in, a list of {lookUp, translation} pairs out. */
import { z } from "zod";

export const LOOKUP_KEYS = [
  "DeliveryChannelStatus",
  "DeliveryChannelCategory",
  "Kyc",
  "Currency",
  "Nationality",
  "Language",
  "Country",
  "EventType",
  "Commodity",
] as const;
export type LookupKey = (typeof LOOKUP_KEYS)[number];

export const lookupRequestSchema = z
  .strictObject({ data: z.enum(LOOKUP_KEYS) })
  .meta({ id: "LookupRequest" });

export const lookupItemSchema = z
  .strictObject({
    lookUp: z.string().meta({ example: "EUR" }),
    translation: z.string().meta({ example: "Euro" }),
  })
  .meta({ id: "LookupItem" });

export type LookupItem = z.infer<typeof lookupItemSchema>;
