/** The channel form's generated id: a v4 UUID, which the contract's channel id rules accept. */
import { expect, it } from "vitest";
import { channelBodySchema } from "@/lib/contract/channel";
import { newUuid } from "@/lib/portal/new-uuid";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it("uses crypto.randomUUID where the context has it", () => {
  expect(newUuid()).toMatch(V4);
});

it("builds a v4 UUID from getRandomValues where randomUUID is missing (plain http)", () => {
  const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) };
  const ids = new Set(Array.from({ length: 200 }, () => newUuid(insecure)));
  expect(ids.size).toBe(200);
  for (const id of ids) expect(id).toMatch(V4);
  // Every byte value ends up in the right nibbles, including all-ones and all-zeros.
  for (const fill of [0x00, 0xff]) {
    const fixed = {
      getRandomValues<T extends ArrayBufferView | null>(array: T): T {
        new Uint8Array((array as unknown as Uint8Array).buffer).fill(fill);
        return array;
      },
    };
    expect(newUuid(fixed)).toMatch(V4);
  }
});

it("is an id the channel schema accepts", () => {
  const body = channelBodySchema.safeParse({
    providerDeliveryChannelId: newUuid(),
    name: { language: "EN", translation: "Cash pickup" },
    landingPage: "www.example.org",
    availability: { categoriesSupported: ["CASH"] },
  });
  expect(body.success).toBe(true);
});
