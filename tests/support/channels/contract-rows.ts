/**
 * Rows of the delivery channel body contract that both the schema tests (tests/unit) and the HTTP
 * tests (tests/api) walk through. Paths use json-path's syntax and point into fullChannelBody.
 */

/** The contract's sentence that opens every 400 for an invalid body, before the problems. */
export const INVALID_BODY =
  "The request body format is invalid. Please check it against the API specification.";

/** The fields the contract requires, top level and inside each optional object or array element. */
export const REQUIRED_PATHS: readonly string[] = [
  "providerDeliveryChannelId",
  "name",
  "landingPage",
  "availability",
  "name.language",
  "name.translation",
  "shortDescription.language",
  "shortDescription.translation",
  "contacts[0].email",
  "contacts[0].name",
  "contacts[0].phone",
  "availability.categoriesSupported",
  "deliveryOptions[0].fieldLabel",
  "deliveryOptions[0].fieldName",
  "deliveryOptions[0].dataType",
  "deliveryOptions[0].isRequired",
];

/** Every object of the body where an unknown property is refused; "" is the top level. */
export const UNKNOWN_PROPERTY_LEVELS: readonly string[] = [
  "",
  "name",
  "shortDescription",
  "contacts[0]",
  "callCenter",
  "availability",
  "budget",
  "deliveryOptions[0]",
];

/** The path of a property named `extra` at `level`, as the 400 names it. */
export const unknownPropertyPath = (level: string): string => (level ? `${level}.extra` : "extra");

/** The maximum lengths the contract gives its string fields (providerDeliveryChannelId aside). */
export const LENGTH_LIMITS: ReadonlyArray<[path: string, max: number]> = [
  ["landingPage", 512],
  ["name.translation", 1024],
  ["shortDescription.translation", 1024],
  ["contacts[0].email", 256],
  ["contacts[0].name", 128],
  ["contacts[0].phone", 256],
  ["callCenter.phone", 256],
  ["callCenter.email", 256],
  ["callCenter.website", 512],
  ["callCenter.whatsapp", 256],
  ["deliveryOptions[0].fieldLabel", 128],
];
