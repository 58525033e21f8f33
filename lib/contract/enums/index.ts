/**
 * The enumerations of the contract (docs/spec/delivery-channel-service.md), in its order.
 * Extracted from the spec text, not retyped: the lookups and validation both read these lists.
 * The long lists live one family a file; import them all from here.
 */

export { LANGUAGES } from "./languages";
export { NATIONALITIES } from "./nationalities";
export { COMMODITIES, CURRENCIES } from "./units";

/** Identity document kinds (kycSupported, kycExcluded). */
export const KYC_DOCUMENTS = [
  "NULL",
  "NATIONAL_IDENTITY",
  "PASSPORT",
  "DRIVER_LICENSE",
  "RESIDENCE",
  "BIRTH_CERTIFICATE",
  "OTHER",
  "ALL",
  "NOT_PROCESSED",
] as const;

/** Status of a delivery channel. */
export const CHANNEL_STATUSES = ["OFFLINE", "ONLINE", "REQUESTED"] as const;

/** Categories of assistance a channel supports. */
export const CHANNEL_CATEGORIES = ["CASH", "VOUCHERS", "INFORMATION"] as const;

/** Event types, including the placeholder NULL. */
export const EVENT_TYPES = [
  "NULL",
  "DELIVERY_CHANNEL_STATUS_UPDATED",
  "DELIVERY_REQUEST_SENT",
  "DELIVERY_REFUND_REQUESTED",
] as const;
