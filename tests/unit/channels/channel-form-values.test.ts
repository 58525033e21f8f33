/**
 * The channel form's values ↔ request body: empty optional parts are sent absent, numbers are parsed
 * (text that is not a number is kept so the schema names it), and a full channel survives the round
 * trip through the form unchanged.
 */
import { describe, expect, it } from "vitest";
import { emptyChannelValues, fromChannelContent, toChannelBody } from "@/components/channel-form/form-values";
import { type ChannelBody, channelBodySchema } from "@/lib/contract/channel";
import { fieldErrors } from "@/lib/contract/issues";
import { fullChannelBody } from "../../support/channels/channel-bodies";

describe("toChannelBody", () => {
  it("sends empty optional parts absent, not as empty strings or lists", () => {
    const values = emptyChannelValues();
    values.providerDeliveryChannelId = " id-1 ";
    values.name.translation = "Cash";
    values.landingPage = "www.example.org";
    values.availability.categoriesSupported = ["CASH"];
    expect(toChannelBody(values)).toEqual({
      providerDeliveryChannelId: "id-1",
      name: { language: "EN", translation: "Cash" },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"] },
    });
    expect(channelBodySchema.safeParse(toChannelBody(values)).success).toBe(true);
  });

  it("parses numbers and keeps text that is not one, so the schema reports it at the field", () => {
    const values = emptyChannelValues();
    values.budget.amount = "12.5";
    expect(toChannelBody(values).budget).toEqual({ amount: 12.5 });
    values.budget.amount = "twelve";
    expect(fieldErrors(channelBodySchema, toChannelBody(values))["budget.amount"]).toBeDefined();
  });

  it("an empty form is refused where the API would refuse it: the id (the contract sets no minimum elsewhere)", () => {
    expect(fieldErrors(channelBodySchema, toChannelBody(emptyChannelValues()))).toEqual({
      providerDeliveryChannelId: "must not be empty",
    });
  });
});

it("a full channel survives the round trip through the form unchanged", () => {
  const body = channelBodySchema.parse(fullChannelBody("round-trip")) as ChannelBody;
  const { status: _status, ...content } = body;
  expect(channelBodySchema.parse(toChannelBody(fromChannelContent(content)))).toEqual(content);
});
