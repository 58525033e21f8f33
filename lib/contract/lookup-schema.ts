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
  .strictObject({
    data: z.enum(LOOKUP_KEYS).meta({ description: "The lookup key whose values are wanted." }),
  })
  .meta({ id: "LookupRequest" });

export const lookupItemSchema = z
  .strictObject({
    lookUp: z.string().meta({ example: "EUR", description: "The value as the API sends and accepts it." }),
    translation: z.string().meta({ example: "Euro", description: "Its English name." }),
  })
  .meta({ id: "LookupItem" });

export type LookupItem = z.infer<typeof lookupItemSchema>;

/** The portal form's request for one lookup's values. */
export const lookupKeySchema = z.object({ key: z.enum(LOOKUP_KEYS) });
