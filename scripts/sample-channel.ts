/**
 * A realistic delivery channel, the one the scripts share: the demo's approved channel and the
 * bench's Create body (only the id differs).
 */
import type { ChannelBody } from "../lib/contract/channel";

export const sampleChannel = (providerDeliveryChannelId: string): ChannelBody => ({
  providerDeliveryChannelId,
  name: { language: "EN", translation: "Cash pickup at partner agents" },
  shortDescription: { language: "EN", translation: "Collect cash at any partner agent with an ID." },
  landingPage: "www.demo-payouts.example",
  availability: {
    categoriesSupported: ["CASH"],
    countriesSupported: ["BG", "PL"],
    currenciesSupported: ["EUR"],
  },
  contacts: [{ email: "ops@demo-payouts.example", name: "Operations", phone: "+359 2 000 000" }],
  budget: { currency: "EUR", amount: 250000 },
  deliveryOptions: [{ fieldLabel: "Phone number", fieldName: "phone", dataType: "STRING", isRequired: true }],
});
