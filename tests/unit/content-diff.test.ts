import { describe, expect, it } from "vitest";
import { diffContent } from "@/lib/domain/content-diff";

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
