import { describe, expect, it } from "vitest";
import { diffContent } from "@/lib/domain/channels/diff-content";

describe("diffContent", () => {
  it("finds nothing between equal contents, and treats absent, null and empty alike", () => {
    expect(diffContent({ a: 1, list: ["X"], o: { b: "c" } }, { a: 1, list: ["X"], o: { b: "c" } })).toEqual(
      [],
    );
    expect(diffContent({ a: null, list: [] }, { list: undefined })).toEqual([]);
  });

  it("reports changed leaves by path", () => {
    expect(
      diffContent(
        { name: { language: "EN", translation: "Old" } },
        { name: { language: "EN", translation: "New" } },
      ),
    ).toEqual([{ path: "name.translation", kind: "changed", before: "Old", after: "New" }]);
  });

  it("compares plain lists as sets of added and removed values", () => {
    expect(
      diffContent(
        { availability: { countriesSupported: ["BG", "PL"] } },
        { availability: { countriesSupported: ["PL", "UA", "BG"] } },
      ),
    ).toEqual([{ path: "availability.countriesSupported", kind: "values", added: ["UA"], removed: [] }]);
    expect(diffContent({ c: ["BG"] }, { c: ["PL"] })).toEqual([
      { path: "c", kind: "values", added: ["PL"], removed: ["BG"] },
    ]);
  });

  it("compares lists of objects item by item, with added and removed items", () => {
    const before = { deliveryOptions: [{ fieldName: "phone", isRequired: true }] };
    const after = {
      deliveryOptions: [
        { fieldName: "phone", isRequired: false },
        { fieldName: "iban", isRequired: true },
      ],
    };
    expect(diffContent(before, after)).toEqual([
      { path: "deliveryOptions[0].isRequired", kind: "changed", before: true, after: false },
      { path: "deliveryOptions[1]", kind: "added", after: { fieldName: "iban", isRequired: true } },
    ]);
    expect(diffContent(after, before)).toContainEqual({
      path: "deliveryOptions[1]",
      kind: "removed",
      before: { fieldName: "iban", isRequired: true },
    });
  });

  it("reports a whole new or removed section once", () => {
    expect(diffContent({ budget: null }, { budget: { currency: "EUR", amount: 5 } })).toEqual([
      { path: "budget", kind: "added", after: { currency: "EUR", amount: 5 } },
    ]);
    expect(diffContent(null, { a: 1 })).toEqual([{ path: "", kind: "added", after: { a: 1 } }]);
  });
});

describe("diffContent on lists of 100,000 entries (stored before the contract bounded them)", () => {
  const HUGE = 100_000;
  const codes = (prefix: string, distinct: number) =>
    Array.from({ length: HUGE }, (_, i) => `${prefix}${i % distinct}`);

  it("compares value lists as sets of distinct values, each reported once", () => {
    const before = { availability: { countriesSupported: [...codes("A", 100), ...codes("S", 50)] } };
    const after = { availability: { countriesSupported: [...codes("B", 180), ...codes("S", 50)] } };
    expect(diffContent(before, after)).toEqual([
      {
        path: "availability.countriesSupported",
        kind: "values",
        added: Array.from({ length: 180 }, (_, i) => `B${i}`),
        removed: Array.from({ length: 100 }, (_, i) => `A${i}`),
      },
    ]);
  });

  it("finds 100,000 distinct values added and removed, and nothing between equal lists", () => {
    const before = Array.from({ length: HUGE }, (_, i) => `old-${i}`);
    const after = Array.from({ length: HUGE }, (_, i) => `new-${i}`);
    expect(diffContent({ list: before }, { list: after })).toEqual([
      { path: "list", kind: "values", added: after, removed: before },
    ]);
    expect(diffContent({ list: before }, { list: before.toReversed() })).toEqual([]);
  });

  it("compares 100,000 objects item by item", () => {
    const contacts = (phone: string) =>
      Array.from({ length: HUGE }, (_, i) => ({ name: `n${i}`, email: `e${i}@x.org`, phone }));
    const changes = diffContent({ contacts: contacts("1") }, { contacts: contacts("2") });
    expect(changes).toHaveLength(HUGE);
    expect(changes[HUGE - 1]).toEqual({
      path: `contacts[${HUGE - 1}].phone`,
      kind: "changed",
      before: "1",
      after: "2",
    });
  });
});
