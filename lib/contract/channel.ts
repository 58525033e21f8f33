/**
 * The delivery channel as it crosses the wire: the body of Create and Update, and the data of View.
 * One schema serves API validation, the portal's forms and the OpenAPI document. Every object is
 * strict (the contract's additionalProperties: false); lengths and nullability follow the contract's
 * tables. Where the contract says "not shown", the choice made here is written beside the field.
 */

import { z } from "zod";
import { amountSchema } from "./amount";
import { COUNTRY_CODES } from "./countries";
import {
  CHANNEL_CATEGORIES,
  CHANNEL_STATUSES,
  COMMODITIES,
  CURRENCIES,
  KYC_DOCUMENTS,
  LANGUAGES,
  NATIONALITIES,
} from "./enums";
import { boundedArray, uniqueBy } from "./list-rules";
import { compileProviderRegex } from "./provider-regex";
import { say } from "./validation-messages";

/** Absent or null, as the contract allows for its "nullable" optional fields. */
const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();
const text = (max: number) => z.string().max(max, say("mustBeAtMostCharacters", { max: max }));

/**
 * Ids are used in the View path, so they are restricted to URL-safe characters. The contract types
 * the id "string (UUID), length 0..64"; UUIDs are the norm, but any 1..64 character id of letters,
 * digits and `-._~` is accepted so that providers can use the ids their own systems have.
 */
export const PROVIDER_CHANNEL_ID_PATTERN = /^(?!\.+$)[A-Za-z0-9._~-]+$/;
const ID_CHARACTERS = /^[A-Za-z0-9._~-]*$/;
export const providerDeliveryChannelId = z
  .string()
  .min(1, say("mustNotBeEmpty"))
  .max(64, say("mustBeAtMostCharacters", { max: 64 }))
  // `.` and `..` would be resolved away from the View path by every HTTP client.
  .regex(ID_CHARACTERS, say("mayContainOnlyLettersDigitsAnd"))
  .refine((id) => !/^\.+$/.test(id), say("mustNotConsistOfDotsOnly"))
  .meta({
    description:
      "The provider's own identifier of the channel, unique among the provider's channels: 1 to 64 letters, " +
      "digits and `-._~` (a UUID is recommended). It names the channel in Update, View and events.",
  });

/**
 * A web address a person can open: with an http(s) scheme or none at all (the real platform accepts
 * `www.moneygram.com`). Other schemes (javascript:, data:) are refused so that no provider-supplied
 * link can run script in a browser. A dotted host followed by a port (`example.org:8080`) is not a
 * scheme; anything else before a colon is (`javascript:1,alert(1)` included).
 */
const SCHEME_PREFIX = /^[a-z][a-z0-9+.-]*:/i;
const HTTP_SCHEME = /^https?:/i;
const HOST_WITH_PORT = /^[a-z0-9-]+(\.[a-z0-9-]+)+:\d+(\/|$)/i;
export function isWebAddress(value: string): boolean {
  const address = value.trim();
  return !SCHEME_PREFIX.test(address) || HTTP_SCHEME.test(address) || HOST_WITH_PORT.test(address);
}
const webAddress = (max: number) =>
  text(max)
    .refine(isWebAddress, say("mustBeHttpSAddressOr"))
    .refine((value) => !/[\s<>"]/.test(value.trim()), say("mustNotContainSpacesQuotesOrAngleBrackets"))
    // Browsers strip leading control characters, so "\u0001javascript:" would become a script link.
    .refine(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      (value) => !/[\u0000-\u0008\u000E-\u001F\u007F]/.test(value),
      say("mustNotContainControlCharacters"),
    );

export const translationSchema = z
  .strictObject({
    language: z.enum(LANGUAGES).meta({ description: "Language of the text (lookup key Language)." }),
    translation: text(1024).meta({ description: "The text in that language." }),
  })
  .meta({
    id: "Translation",
    description:
      "A text in one language. Once an administrator approves the channel, name and shortDescription " +
      "are machine-translated into the other languages.",
  });

export const contactSchema = z
  .strictObject({
    email: text(256),
    name: text(128),
    phone: text(256),
  })
  .meta({ id: "Contact", description: "A person or desk to contact about the channel." });

export const callCenterSchema = z
  .strictObject({
    phone: nullish(text(256)),
    email: nullish(text(256)),
    website: nullish(webAddress(512)),
    whatsapp: nullish(text(256)),
  })
  .meta({
    id: "CallCenter",
    description: "The call center beneficiaries can reach. Each field may be absent, null or empty.",
  });

const countryCode = z
  .string()
  .refine((code) => COUNTRY_CODES.has(code), say("mustBeIso31661Alpha"))
  .meta({
    pattern: "^[A-Z]{2}$",
    description: "ISO 3166-1 alpha-2 country code, upper case, one of the lookup key Country's, e.g. BG.",
  });

/**
 * The supported/excluded list pairs of availability, by the criterion they govern (the eligibility
 * rule's, lib/domain/channels/eligible-channels.ts, and the form's order). A value may be on both sides: exclusion wins.
 */
export const AVAILABILITY_PAIRS = {
  country: ["countriesSupported", "countriesExcluded"],
  nationality: ["nationalitiesSupported", "nationalitiesExcluded"],
  kyc: ["kycSupported", "kycExcluded"],
  currency: ["currenciesSupported", "currenciesExcluded"],
} as const;

/**
 * A list of lookup values: at most as many items as the lookup has values, each at most once. The
 * bound is checked before the items (zod's size cap), so a hostile list of 350,000 items costs one
 * message, not one per item.
 */
function valueList<T extends z.ZodType>(item: T, lookupSize: number) {
  return boundedArray(item, lookupSize, say("mustHaveAtMostLookupValues", { max: lookupSize }))
    .superRefine((values, ctx) => {
      const seen = new Set<unknown>();
      const twice = new Set<unknown>();
      for (const value of values) (seen.has(value) ? twice : seen).add(value);
      if (twice.size > 0) {
        ctx.addIssue({
          code: "custom",
          message: say("listsMoreThanOnce", { values: [...twice].slice(0, 10).join(", ") }),
        });
      }
    })
    .meta({ uniqueItems: true });
}

export const availabilitySchema = z
  .strictObject({
    categoriesSupported: valueList(z.enum(CHANNEL_CATEGORIES), CHANNEL_CATEGORIES.length),
    countriesSupported: nullish(valueList(countryCode, COUNTRY_CODES.size)),
    countriesExcluded: nullish(valueList(countryCode, COUNTRY_CODES.size)),
    kycSupported: nullish(valueList(z.enum(KYC_DOCUMENTS), KYC_DOCUMENTS.length)),
    kycExcluded: nullish(valueList(z.enum(KYC_DOCUMENTS), KYC_DOCUMENTS.length)),
    currenciesSupported: nullish(valueList(z.enum(CURRENCIES), CURRENCIES.length)),
    currenciesExcluded: nullish(valueList(z.enum(CURRENCIES), CURRENCIES.length)),
    nationalitiesSupported: nullish(valueList(z.enum(NATIONALITIES), NATIONALITIES.length)),
    nationalitiesExcluded: nullish(valueList(z.enum(NATIONALITIES), NATIONALITIES.length)),
  })
  .meta({
    id: "Availability",
    description:
      "Where and for whom the channel is available. Supported values are matched by the platform to find " +
      "eligible delivery options; excluded values prevent beneficiaries from being assisted through this " +
      "channel, and win over supported ones (a value on both lists is excluded). Each list holds each value " +
      "at most once. Every optional list may be absent, null or empty.",
  });

/** Budget amounts are money or quantities: see lib/contract/amount.ts (the contract gives no bounds). */
export const budgetSchema = z
  .strictObject({
    currency: nullish(z.enum(CURRENCIES)),
    commodity: nullish(z.enum(COMMODITIES)),
    amount: nullish(amountSchema).meta({
      description: "Total budget amount, in the currency or commodity unit given.",
    }),
  })
  .meta({
    id: "Budget",
    description:
      "When given, the platform does not exceed it while sending delivery requests; without it the " +
      "Program Virtual Budget of the assistance program applies.",
  });

/** The unit a budget counts in: its currency, or its commodity when it has none. */
export const budgetUnitOf = (
  budget: { currency?: string | null; commodity?: string | null } | null | undefined,
): string | null => budget?.currency ?? budget?.commodity ?? null;

/** No entered value is longer than this; larger bounds would only hide mistakes. */
const MAX_FIELD_LENGTH = 10_000;
const lengthBound = z
  .number()
  .int(say("mustBeWholeNumber"))
  .nonnegative(say("mustNotBeNegative"))
  .max(MAX_FIELD_LENGTH, say("mustBeAtMost", { max: MAX_FIELD_LENGTH }));

/**
 * An input a beneficiary fills in. Bounds the contract does not show: fieldName, dataType and
 * defaultValue at most 256 characters, validationRegex at most 1024 and runnable by RE2 (provider-regex.ts).
 */
export const deliveryOptionSchema = z
  .strictObject({
    fieldLabel: text(128),
    fieldName: text(256).min(1, say("mustNotBeEmpty")),
    fieldMaxLength: lengthBound.optional(),
    fieldMinLength: lengthBound.optional(),
    dataType: text(256).min(1, say("mustNotBeEmpty")),
    defaultValue: text(256).optional(),
    validationRegex: text(1024)
      .superRefine((pattern, ctx) => {
        const regex = compileProviderRegex(pattern);
        if (!regex.ok) ctx.addIssue({ code: "custom", message: regex.reason });
      })
      .meta({
        description:
          "JavaScript regular expression (as with the u flag) a value must match somewhere: anchor it with " +
          "^…$ to match the whole value. It runs on a linear-time engine (RE2), so backreferences, " +
          "lookarounds, the m and s modifiers and syntax RE2 lacks (such as \\p{Script=…}) are refused.",
      })
      .optional(),
    isRequired: z.boolean(),
  })
  .refine(
    (option) =>
      option.fieldMinLength === undefined ||
      option.fieldMaxLength === undefined ||
      option.fieldMinLength <= option.fieldMaxLength,
    { message: say("mustNotBeGreaterThanFieldmaxlength"), path: ["fieldMinLength"] },
  )
  .meta({
    id: "DeliveryOption",
    description:
      "An input field a delivery through this channel needs. fieldName is unique within the channel and " +
      "is the key of the entered value in DELIVERY_REQUEST_SENT events.",
  });

/** Bounds the contract does not show (docs/api.md "Limits"): a channel is a form, not a data store. */
export const MAX_CONTACTS = 50;
export const MAX_DELIVERY_OPTIONS = 50;

/** fieldName is the key of a delivery's values in events, so it must be unique in a channel. */
const deliveryOptionsSchema = boundedArray(deliveryOptionSchema, MAX_DELIVERY_OPTIONS).superRefine(
  uniqueBy((option) => option.fieldName, "fieldName", say("mustBeUniqueAmongDeliveryOptions")),
);

const channelStatus = z.enum(CHANNEL_STATUSES);

/** The body of Create and Update. */
export const channelBodySchema = z
  .strictObject({
    providerDeliveryChannelId,
    name: translationSchema,
    shortDescription: nullish(translationSchema),
    landingPage: webAddress(512).meta({
      description: "Public website of the provider or service: an http(s) URL or a bare host name.",
    }),
    contacts: nullish(boundedArray(contactSchema, MAX_CONTACTS)),
    callCenter: nullish(callCenterSchema),
    availability: availabilitySchema,
    budget: budgetSchema.optional(),
    deliveryOptions: nullish(deliveryOptionsSchema),
    status: nullish(channelStatus).meta({
      description:
        "Ignored: a new channel is always REQUESTED. (Update's body takes OFFLINE or ONLINE here.)",
    }),
  })
  .meta({
    id: "DeliveryChannel",
    description:
      "A delivery channel as the provider requests it (body of Create). Unknown properties are refused at every level.",
  });

export type ChannelBody = z.infer<typeof channelBodySchema>;
export type ChannelStatus = z.infer<typeof channelStatus>;

/** The data of View: the body's fields with the current status, approval and a nullable budget. */
export const channelViewSchema = channelBodySchema
  .omit({ status: true, budget: true })
  .extend({
    budget: budgetSchema.nullable(),
    isApproved: z
      .boolean()
      .meta({ description: "Whether a platform administrator has approved the channel." }),
    status: channelStatus.meta({ description: "The channel's current status." }),
  })
  .meta({
    id: "DeliveryChannelView",
    description:
      "A delivery channel as View shows it: the approved content once there is one, the requested content " +
      "before that; every field present, null where nothing was given.",
  });

export type ChannelView = z.infer<typeof channelViewSchema>;
