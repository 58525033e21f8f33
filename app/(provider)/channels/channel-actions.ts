"use server";
/**
 * The provider portal's channel actions. They parse with the form's schema (the contract's body plus
 * what a usable channel needs), so a direct call accepts no more than the form, and call the same
 * domain functions as the REST API, scoped to the signed-in user's organisation.
 */
import { getLocale, getTranslations } from "next-intl/server";
import { lookupName } from "@/components/channel-form/lookup-names";
import {
  channelFormSchema,
  channelRequestWithdrawSchema,
  channelRetireSchema,
  channelStatusChangeSchema,
} from "@/lib/contract/channel-form";
import { optionPurposesSchema } from "@/lib/contract/forms/beneficiary-data-forms";
import { lookupKeySchema } from "@/lib/contract/lookup-schema";
import { setOptionPurposes } from "@/lib/domain/beneficiary-data";
import {
  LOOKUPS,
  requestChannelCreate,
  requestChannelStatus,
  requestChannelUpdate,
  retireChannel,
  withdrawChannelRequest,
} from "@/lib/domain/channels";
import { DomainError } from "@/lib/domain/errors";
import { defineAction } from "@/lib/portal/define-action";

export const createChannelAction = defineAction({
  role: "provider",
  permission: "provider.channels.edit",
  input: channelFormSchema,
  run: (body, user) =>
    requestChannelCreate(user.actor, { ...body, status: undefined }).catch((error: unknown) => {
      // The API's 409 (the id exists), shown at the id field.
      if (error instanceof DomainError && error.kind === "conflict") {
        throw new DomainError("conflict", error.message, "providerDeliveryChannelId");
      }
      throw error;
    }),
  revalidate: "/channels",
});

export const updateChannelAction = defineAction({
  role: "provider",
  permission: "provider.channels.edit",
  input: channelFormSchema,
  // The form edits content only; the status switch on the channel page changes the status.
  run: (body, user) =>
    requestChannelUpdate(user.actor, { ...body, status: undefined }, new Date(), {
      unchangedIsNothing: true,
    }),
  revalidate: "/channels",
});

/** The status switch: see requestChannelStatus for which content it sends and which request it makes. */
export const setChannelStatusAction = defineAction({
  role: "provider",
  permission: "provider.channels.edit",
  input: channelStatusChangeSchema,
  run: ({ providerDeliveryChannelId, status }, user) =>
    requestChannelStatus(user.actor, providerDeliveryChannelId, status),
  revalidate: ({ providerDeliveryChannelId }) => `/channels/${encodeURIComponent(providerDeliveryChannelId)}`,
});

/** "Withdraw request": see withdrawChannelRequest for what it restores (issue 30, finding 9). */
export const withdrawChannelRequestAction = defineAction({
  role: "provider",
  permission: "provider.channels.edit",
  input: channelRequestWithdrawSchema,
  run: (input, user) => withdrawChannelRequest(user.actor, input),
  revalidate: ({ providerDeliveryChannelId }) => `/channels/${encodeURIComponent(providerDeliveryChannelId)}`,
});

/** "Retire channel": OFFLINE for good, its pending request withdrawn (retireChannel, issue 30, finding 9). */
export const retireChannelAction = defineAction({
  role: "provider",
  permission: "provider.channels.edit",
  input: channelRetireSchema,
  run: ({ providerDeliveryChannelId }, user) => retireChannel(user.actor, providerDeliveryChannelId),
  revalidate: ({ providerDeliveryChannelId }) => `/channels/${encodeURIComponent(providerDeliveryChannelId)}`,
});

/**
 * The values of a lookup, for the form's controls: the same values as GetLookUpValues, named in the
 * reader's language here, so the browser needs neither the names nor the lookups catalog.
 */
export const lookupValuesAction = defineAction({
  role: "provider",
  permission: "provider.read",
  input: lookupKeySchema,
  run: async ({ key }) => {
    const [locale, catalog] = await Promise.all([getLocale(), getTranslations("lookups")]);
    return LOOKUPS[key].map((item) => ({
      lookUp: item.lookUp,
      translation: lookupName(locale, key, item.lookUp, item.translation, catalog),
    }));
  },
});

/** What each delivery option's value is for (issue 36, item 5): kept beside the channel, no request. */
export const setOptionPurposesAction = defineAction({
  role: "provider",
  permission: "provider.channels.edit",
  input: optionPurposesSchema,
  run: (input, user) => setOptionPurposes(user.actor, input),
  revalidate: ({ providerDeliveryChannelId }) => `/channels/${encodeURIComponent(providerDeliveryChannelId)}`,
});
