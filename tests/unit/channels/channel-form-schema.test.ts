/**
 * The portal form's schema is the contract's plus what a usable channel needs (issue 10, finding 4):
 * the API keeps accepting a bare channel, the form refuses it and names every missing field at once.
 */
import { expect, it } from "vitest";
import { channelBodySchema } from "@/lib/contract/channel";
import { channelFormSchema, missingForUse } from "@/lib/contract/channel-form";
import { fieldErrors } from "@/lib/contract/issues";
import { fullChannelBody } from "../../support/channels/channel-bodies";

const bare = {
  providerDeliveryChannelId: "bare",
  name: { language: "EN", translation: " " },
  landingPage: "",
  availability: { categoriesSupported: [] },
};

it("the API accepts a bare channel; the form names all three missing fields at once", () => {
  expect(channelBodySchema.safeParse(bare).success).toBe(true);
  expect(fieldErrors(channelFormSchema, bare)).toEqual({
    "name.translation": "Required: the name beneficiaries see",
    landingPage: "Required: where people learn more",
    "availability.categoriesSupported": "Required: choose at least one category",
  });
  expect(Object.keys(missingForUse(bare))).toHaveLength(3);
});

it("keeps every contract rule: a bad landing page is still refused for its own reason", () => {
  expect(fieldErrors(channelFormSchema, { ...bare, landingPage: "javascript:alert(1)" }).landingPage).toBe(
    "must be an http(s) address or a bare host name",
  );
  expect(fieldErrors(channelFormSchema, fullChannelBody("full"))).toEqual({});
  expect(missingForUse({ ...fullChannelBody("full"), shortDescription: null })).toEqual({});
});
