/**
 * What a *usable* channel needs beyond the contract: a name, a landing page and at least one
 * category. The API keeps the contract's bounds (empty strings and lists are valid there); the portal
 * form requires these, and the console warns about a request that lacks them. Derived from
 * channelBodySchema, so every other rule stays the contract's.
 */

import { z } from "zod";
import { availabilitySchema, channelBodySchema, translationSchema } from "./channel";
import { recordId } from "./ids";
import { fieldErrors } from "./issues";
import { say } from "./validation-messages";

const notBlank = (value: string) => value.trim() !== "";

const usableFields = {
  name: translationSchema.extend({
    translation: translationSchema.shape.translation.refine(notBlank, say("requiredNameBeneficiariesSee")),
  }),
  landingPage: channelBodySchema.shape.landingPage.refine(notBlank, say("requiredWherePeopleLearnMore")),
  availability: availabilitySchema.extend({
    categoriesSupported: availabilitySchema.shape.categoriesSupported.refine(
      (categories) => categories.length > 0,
      say("requiredChooseAtLeastOneCategory"),
    ),
  }),
};

/** The portal form's and its actions' schema: the contract's body with the usable-channel requirements. */
export const channelFormSchema = channelBodySchema.extend(usableFields);

const usableContent = z.object(usableFields);

/** What a stored content lacks to be usable, by field path; empty when it has everything. */
export function missingForUse(content: unknown): Record<string, string> {
  return fieldErrors(usableContent, content);
}

/** The status switch on a channel's page. */
export const channelStatusChangeSchema = z.object({
  providerDeliveryChannelId: z.string(),
  status: z.enum(["ONLINE", "OFFLINE"]),
});

/** "Withdraw request" on a channel's page: the pending request the page showed, of that channel. */
export const channelRequestWithdrawSchema = z.object({
  providerDeliveryChannelId: z.string(),
  channelRequestId: recordId,
});

/** "Retire channel" on a channel's page. */
export const channelRetireSchema = z.object({ providerDeliveryChannelId: z.string() });
