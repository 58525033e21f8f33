/**
 * Example values for the reference, typed by the contract so they cannot drift from it (and checked
 * against the generated schemas in tests/unit/contract/openapi.test.ts).
 */
import type { ChannelBody, ChannelView } from "../../contract/channel";
import type { RequestReceipt } from "../../contract/envelope-schema";
import type { LookupItem } from "../../contract/lookup-schema";
import type { SubscriptionReceipt } from "../../contract/subscription";
import { EXAMPLE_DATE, EXAMPLE_ID } from "../../contract/webhook-catalog";

// The callbacks' examples live with the event catalog, which the portal shows and sends too.
export {
  EXAMPLE_BENEFICIARY_ERASED,
  EXAMPLE_DATE,
  EXAMPLE_DELIVERY_ID,
  EXAMPLE_DELIVERY_REQUEST_ID,
  EXAMPLE_ID,
  EXAMPLE_OUTCOMES_OVERDUE,
  EXAMPLE_REFUND_REQUESTED,
  EXAMPLE_REQUEST_SENT,
  EXAMPLE_STATUS_UPDATED,
} from "../../contract/webhook-catalog";

/**
 * The channel the demo (`npm run demo`) seeds: the View sample reads it, so the sample answers 200
 * against the demo as printed (the Create sample's id is new, so that its Create does not clash).
 */
export const DEMO_CHANNEL_ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

export const EXAMPLE_GUID = "7c1e4b52-0f3a-4d8e-9b61-5a2d3c4e8f90";

export const EXAMPLE_CHANNEL: ChannelBody = {
  providerDeliveryChannelId: EXAMPLE_ID,
  name: { language: "EN", translation: "Cash pick-up at partner agents" },
  shortDescription: {
    language: "EN",
    translation: "Collect cash at any partner agent with the code sent by SMS.",
  },
  landingPage: "www.example.org",
  contacts: [{ email: "support@example.org", name: "Provider support", phone: "+359 2 123 4567" }],
  callCenter: { phone: "+359 2 123 4567", email: "callcenter@example.org", website: null, whatsapp: null },
  availability: {
    categoriesSupported: ["CASH"],
    countriesSupported: ["BG", "PL"],
    countriesExcluded: null,
    kycSupported: ["NATIONAL_IDENTITY", "PASSPORT"],
    kycExcluded: null,
    currenciesSupported: ["EUR", "BGN", "PLN"],
    currenciesExcluded: null,
    nationalitiesSupported: ["UKRAINIAN"],
    nationalitiesExcluded: null,
  },
  budget: { currency: "EUR", commodity: null, amount: 250000 },
  deliveryOptions: [
    {
      fieldLabel: "Mobile phone number",
      fieldName: "phoneNumber",
      fieldMinLength: 8,
      fieldMaxLength: 16,
      dataType: "STRING",
      validationRegex: "^\\+?[0-9]{8,15}$",
      isRequired: true,
    },
  ],
  status: null,
};

const { status: _ignored, ...exampleContent } = EXAMPLE_CHANNEL;
export const EXAMPLE_VIEW: ChannelView = {
  ...exampleContent,
  shortDescription: exampleContent.shortDescription ?? null,
  contacts: exampleContent.contacts ?? null,
  callCenter: exampleContent.callCenter ?? null,
  budget: exampleContent.budget ?? null,
  deliveryOptions: exampleContent.deliveryOptions ?? null,
  isApproved: true,
  status: "ONLINE",
};

export const receiptExample = (verb: string, requestType: string): RequestReceipt => ({
  message: `Delivery channel ${verb} request created successfully`,
  providerDeliveryChannelId: EXAMPLE_ID,
  date: EXAMPLE_DATE,
  requestType,
  requestedDate: EXAMPLE_DATE,
});

export const subscriptionExample = (message: string): SubscriptionReceipt => ({
  message,
  subscriptionId: "b6a1f0d2-4c3e-4f5a-8b7c-9d0e1f2a3b4c",
  callbackUrl: "https://provider.example.org/hooks/delivery-channel",
  eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
  date: EXAMPLE_DATE,
});

export const LOOKUP_EXAMPLE: LookupItem[] = [
  { lookUp: "USD", translation: "US Dollar" },
  { lookUp: "EUR", translation: "Euro" },
];
