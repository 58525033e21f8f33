/**
 * A send's body read a delivery at a time (lib/api/json-list-body.ts, issue 35) answers exactly as
 * parsing it whole with the whole schema does: the same value for a valid body (its deliveries
 * read back through the list's `slice`), the same problems for an invalid one. Bodies are
 * generated from valid and broken deliveries, odd spacing, unknown, duplicated and escaped
 * member names, and lists that are not lists; the whole-body parse is the reference.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api/api-errors";
import { parseJson } from "../../../lib/api/json-body";
import { type ItemList, listBody, locateList } from "../../../lib/api/json-list-body";
import { parseOrThrow } from "../../../lib/api/validation";
import {
  newDeliveryRequestBodySchema,
  SEND_DELIVERIES_LIST,
} from "../../../lib/contract/platform/platform-inputs";

const reader = listBody<Record<string, unknown>>(newDeliveryRequestBodySchema, SEND_DELIVERIES_LIST);

type Outcome = { value: unknown } | { problems: string[] };

/** A 400's problems, in any order (the list reader names the rest of the body's first). */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) throw error;
  return (error.detail ?? "")
    .replace(/^.*?specification\.\s*/, "")
    .split("; ")
    .sort();
}

function whole(text: string): Outcome {
  try {
    return { value: parseOrThrow(newDeliveryRequestBodySchema, parseJson(text)) };
  } catch (error) {
    return { problems: problemsOf(error) };
  }
}

async function byItem(text: string): Promise<Outcome> {
  try {
    const value = await reader.read(text);
    const list = value.deliveries as ItemList<unknown> | unknown[];
    return { value: { ...value, deliveries: list.slice(0, list.length) } };
  } catch (error) {
    return { problems: problemsOf(error) };
  }
}

const CHANNEL = "0193a1c2-7e1f-7000-8000-000000000002";
const space = fc.constantFrom("", " ", "\n  ", "\t");
const validDelivery = fc.record(
  {
    beneficiaryId: fc.string({ minLength: 1, maxLength: 12 }),
    amount: fc.double({ min: 0.01, max: 1e6, noNaN: true }),
    options: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  },
  { requiredKeys: ["beneficiaryId", "amount"] },
);
const brokenDelivery = fc.oneof(
  fc.constant({ beneficiaryId: "B", amount: "12" }),
  fc.constant({ beneficiaryId: "", amount: 1 }),
  fc.constant({ beneficiaryId: "B", amount: 1, extra: true }),
  fc.constant({ beneficiaryId: "B", amount: 1, options: { phone: 7 } }),
  fc.constant({ beneficiaryId: "B\u0000", amount: 1 }),
  fc.constant({ amount: 1 }),
  fc.constant("a string"),
  fc.constant(null),
  fc.constant([1, 2]),
);
const delivery = fc.oneof({ weight: 4, arbitrary: validDelivery }, { weight: 1, arbitrary: brokenDelivery });

/** A body as text: members in any order, with odd spacing, and now and then a fault of its own. */
const body = fc
  .record({
    deliveries: fc.oneof(
      { weight: 8, arbitrary: fc.array(delivery, { maxLength: 6 }) },
      { weight: 1, arbitrary: fc.constantFrom(5, "x", null, {}) },
    ),
    description: fc.oneof(fc.constant("November"), fc.constant(""), fc.constant(3)),
    channel: fc.constantFrom(CHANNEL, "not-an-id"),
    extra: fc.constantFrom(
      [],
      [["confirmDuplicate", true]],
      [["unknown", 1]],
      [["deliveries", []]],
      [["deliver\\u0069es", []]],
      [["deliver\\u0069es", [{ beneficiaryId: "Z", amount: 2 }]]],
    ),
    dropDeliveries: fc.boolean(),
    pad: space,
    order: fc.boolean(),
  })
  .map(({ deliveries, description, channel, extra, dropDeliveries, pad, order }) => {
    const members = [
      `"channelId":${pad}${JSON.stringify(channel)}`,
      `"description":${JSON.stringify(description)}`,
      ...(dropDeliveries
        ? []
        : [
            Array.isArray(deliveries)
              ? `"deliveries":${pad}[${pad}${deliveries.map((item) => JSON.stringify(item)).join(`${pad},${pad}`)}${pad}]`
              : `"deliveries":${JSON.stringify(deliveries)}`,
          ]),
      // Escaped names are written as they are: JSON.parse reads them as the name they spell.
      ...(extra as unknown as [string, unknown][]).map(
        ([name, value]) => `"${name}":${JSON.stringify(value)}`,
      ),
    ];
    if (order) members.reverse();
    return `${pad}{${pad}${members.join(`,${pad}`)}${pad}}${pad}`;
  });

describe("a send's body read a delivery at a time", () => {
  it("answers as the whole body parsed with the whole schema", async () => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        expect(await byItem(text)).toEqual(whole(text));
      }),
      { numRuns: 400 },
    );
  });

  it("reads the list without parsing it whole when it can, and falls back where it cannot", () => {
    const text = `{"channelId":"${CHANNEL}","deliveries":[ {"a":"]}"} , 2 ],"description":"x"}`;
    const found = locateList(text, "deliveries")!;
    expect(found.length).toBe(2);
    expect(JSON.parse(found.head)).toEqual({ channelId: CHANNEL, deliveries: [], description: "x" });
    expect(text.slice(found.bounds[0], found.bounds[1])).toBe(`{"a":"]}"}`);
    expect(locateList(`{"deliveries":[1],"deliveries":[2]}`, "deliveries")).toBeUndefined();
    expect(locateList(`{"deliveries":5}`, "deliveries")).toBeUndefined();
    expect(locateList(`{"deliveries":[1,]}`, "deliveries")).toBeUndefined();
    expect(locateList(`[{"deliveries":[1]}]`, "deliveries")).toBeUndefined();
  });

  it("bounds what it holds: the body's text and two numbers a delivery, whatever the deliveries hold", async () => {
    const deliveries = Array.from({ length: 2000 }, (_, n) => ({
      beneficiaryId: `B${n}`,
      amount: 1,
      options: Object.fromEntries(Array.from({ length: 50 }, (_, k) => [`o${k}`, String(k)])),
    }));
    const text = JSON.stringify({ channelId: CHANNEL, description: "x", deliveries });
    const value = await reader.read(text);
    const list = value.deliveries as ItemList<{ beneficiaryId: string }>;
    expect(Array.isArray(list)).toBe(false);
    expect(list.length).toBe(2000);
    expect(list.slice(1998, 2005).map((item) => item.beneficiaryId)).toEqual(["B1998", "B1999"]);
  });
});
