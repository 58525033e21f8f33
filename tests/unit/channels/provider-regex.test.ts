/**
 * Provider patterns on the linear-time engine: catastrophic patterns answer on inputs a backtracking
 * engine would never finish (no timing assertion: under backtracking these tests do not end), patterns
 * RE2 cannot run are refused with a reason, and ordinary patterns keep JavaScript's `u` meaning.
 */
import { describe, expect, it } from "vitest";
import { compileProviderRegex, MAX_PATTERN_EXPANSION, patternExpansion } from "@/lib/contract/provider-regex";

function compiled(pattern: string) {
  const regex = compileProviderRegex(pattern);
  if (!regex.ok) throw new Error(`${pattern} refused: ${regex.reason}`);
  return regex;
}

describe("compileProviderRegex", () => {
  it.each([
    ["^(a+)+$", "100 a then b", `${"a".repeat(100)}b`],
    ["^(a+)+$", "5000 a then b", `${"a".repeat(5000)}b`],
    ["^(a|a)*$", "100 a then !", `${"a".repeat(100)}!`],
    ["^(\\w+\\s?)*$", "40 words then !", `${"word ".repeat(40)}!`],
  ])("%s answers on %s, which backtracking cannot finish", (pattern, _label, value) => {
    expect(compiled(pattern).test(value)).toBe(false);
    expect(compiled(pattern).test(value.slice(0, -1))).toBe(true);
  });

  it.each([
    ["(a)\\1", /backreferences/],
    ["(?<n>a)\\k<n>", /backreferences/],
    ["(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)\\12", /backreferences/],
    ["(?=a)", /lookahead or lookbehind/],
    ["a(?!b)", /lookahead or lookbehind/],
    ["(?<=a)b", /lookahead or lookbehind/],
    ["(?<!a)b", /lookahead or lookbehind/],
    ["(?s:.)", /m or s modifier/],
    ["\\p{Script=Greek}", /linear-time engine \(RE2\) does not support: .*Script=Greek/],
    ["a{1001}", /linear-time engine \(RE2\) does not support/],
    ["([0-9]", /^must be a valid regular expression$/],
  ])("refuses %s with a reason", (pattern, reason) => {
    const regex = compileProviderRegex(pattern);
    expect(regex.ok).toBe(false);
    expect(regex.ok ? "" : regex.reason).toMatch(reason);
  });

  it.each([
    ["^[0-9]{10}$", ["0123456789"], ["012345678", "01234567890", "012345678a"]],
    ["^\\p{L}+$", ["Ünïcödé", "Київ", "東京"], ["abc1", "a b", ""]],
    [`^UA\\d{27}$`, [`UA${"1".repeat(27)}`], [`UA${"1".repeat(26)}`, `ua${"1".repeat(27)}`]],
    ["^\\+?[0-9 ]+$", ["+359 888 123"], ["+359-888"]],
    // Search semantics, like RegExp#test: unanchored patterns match anywhere.
    ["[0-9]", ["abc1"], ["abc"]],
    ["", ["", "anything"], []],
    // `u`: the value is read as code points.
    ["^.$", ["😀", "é"], ["ab", "\n"]],
    ["^\\u{1F600}$", ["😀"], ["\uD83D"]],
    ["^(?<cc>[A-Z]{2})\\/\\d+$", ["BG/12"], ["bg/12"]],
    ["^(?i:[a-z]{2})\\d$", ["Bg1"], ["B1"]],
  ])("%s behaves as JavaScript's RegExp with u", (pattern, accepted, refused) => {
    const regex = compiled(pattern);
    const native = new RegExp(pattern, "u");
    for (const value of accepted)
      expect([value, regex.test(value), native.test(value)]).toEqual([value, true, true]);
    for (const value of refused)
      expect([value, regex.test(value), native.test(value)]).toEqual([value, false, false]);
  });

  it.each(["\\s", "\\S", "[\\s\\d]", "[^\\S]", "[\\S]", ".", "[]", "[^]", "\\w", "\\b"])(
    "%s agrees with JavaScript on every BMP code point, where RE2's own meaning differs",
    (pattern) => {
      const regex = compiled(pattern);
      const native = new RegExp(pattern, "u");
      const disagreements: string[] = [];
      for (let code = 0; code <= 0xffff; code++) {
        if (code >= 0xd800 && code <= 0xdfff) continue; // lone surrogates are not text
        const value = String.fromCharCode(code);
        if (regex.test(value) !== native.test(value)) disagreements.push(code.toString(16));
      }
      expect(disagreements).toEqual([]);
    },
  );

  it("caches compiled patterns, and forgets the oldest beyond its bound", () => {
    const first = compileProviderRegex("^x$");
    expect(compileProviderRegex("^x$")).toBe(first);
    for (let i = 0; i < 1000; i++) compileProviderRegex(`^${i}$`);
    const again = compileProviderRegex("^x$");
    expect(again).not.toBe(first);
    expect(again.ok && again.test("x")).toBe(true);
  });
});

describe("compiling is bounded too: counted repeats multiply what they repeat", () => {
  // Found by review: 127 × a{0,999} in a 1 KB pattern took 2 s and 226 MB to compile, and the
  // server (256 MB heap) died of it.
  const REVIEWED = `(?:t10|)${"a{0,999}".repeat(127)}`;

  it.each([
    [REVIEWED, true],
    ["((a{0,50}){0,50}){0,50}", true],
    ["(?:[a-z]{0,100}){0,100}", true],
    ["a{0,999}a{0,999}", false],
    ["^[0-9]{10,15}$", false],
    ["^(?:[a-z]{1,20}\\.){1,10}[a-z]{2,}$", false],
  ])("%s refused: %s", (pattern, refused) => {
    expect(patternExpansion(pattern) > MAX_PATTERN_EXPANSION).toBe(refused);
    const compiled = compileProviderRegex(pattern);
    expect(compiled.ok).toBe(!refused);
    if (!compiled.ok)
      expect(compiled.reason).toContain(`must not expand to more than ${MAX_PATTERN_EXPANSION} states`);
  });

  it("escapes, classes and groups count as one atom each", () => {
    expect(patternExpansion("\\p{L}{3}")).toBe(3);
    expect(patternExpansion("[a-z\\]]{4}")).toBe(4);
    expect(patternExpansion("(ab){3}")).toBe(9);
  });
});
