/** Delivery channel request bodies shared by the schema tests and the HTTP tests. */
import type { Json } from "../http/json-path";

/** Only the four fields the contract requires. */
export const minimalChannelBody = (id: string): Json => ({
  providerDeliveryChannelId: id,
  name: { language: "EN", translation: "Cash collection" },
  landingPage: "www.moneygram.com",
  availability: { categoriesSupported: ["CASH"] },
});

/**
 * Every field of every object present (status aside), so any path of the contract can be removed or
 * changed; the supported and excluded lists of availability are disjoint.
 */
export const fullChannelBody = (id: string): Json => ({
  providerDeliveryChannelId: id,
  name: { language: "EN", translation: "Cash collection" },
  shortDescription: { language: "EN", translation: "Collect cash at any agent" },
  landingPage: "https://www.moneygram.com/collect",
  contacts: [{ email: "ops@example.org", name: "Operations", phone: "+359 2 123 456" }],
  callCenter: {
    phone: "+359 2 000 000",
    email: "help@example.org",
    website: "https://help.example.org",
    whatsapp: "+359 88 000 0000",
  },
  availability: {
    categoriesSupported: ["CASH", "VOUCHERS"],
    countriesSupported: ["BG", "PL"],
    countriesExcluded: ["HN"],
    kycSupported: ["PASSPORT", "NATIONAL_IDENTITY"],
    kycExcluded: ["NOT_PROCESSED"],
    currenciesSupported: ["EUR", "BGN"],
    currenciesExcluded: ["USD"],
    nationalitiesSupported: ["BULGARIAN", "UKRAINIAN"],
    nationalitiesExcluded: ["NOT_ENOUGH_INFO"],
  },
  budget: { currency: "EUR", commodity: "KG_COMMODITY", amount: 1500.75 },
  deliveryOptions: [
    {
      fieldLabel: "Phone number",
      fieldName: "phoneNumber",
      fieldMaxLength: 15,
      fieldMinLength: 7,
      dataType: "STRING",
      defaultValue: "+359",
      validationRegex: "^\\+?[0-9]{7,15}$",
      isRequired: true,
    },
  ],
});
