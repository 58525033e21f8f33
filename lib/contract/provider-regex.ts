/**
 * A delivery option's validationRegex, evaluated with re2js (a port of RE2): matching takes time
 * linear in the value, so no provider pattern can block the event loop (ReDoS, issue 15). The
 * contract, the delivery checks (form, CSV) and the portal's live preview all use this module, so what
 * the preview accepts the server accepts. Browser-safe: no Node imports.
 *
 * Flavour: JavaScript syntax with the `u` flag (the pattern must compile as `new RegExp(p, "u")`),
 * applied like RegExp#test: a match anywhere in the value counts; anchor with ^…$ to require all of
 * it. RE2JS with no flags is the counterpart of `u`: the value is read as code points and \p{…}
 * classes are on. Where the two engines still differ, the pattern is rewritten to JavaScript's
 * meaning (`.`, \s, \S, [], [^]) or refused: backreferences, lookarounds, the m and s modifiers, and
 * whatever RE2 cannot parse (long property names such as \p{Letter}, repeat counts above 1000).
 */
import { RE2JS } from "re2js";
import { say } from "./validation-messages";

export type ProviderRegex = { ok: true; test(value: string): boolean } | { ok: false; reason: string };

// The refusals' texts live in messages/en/validation.json; the syntax they cite is passed as
// arguments, so that translators leave it as it is (and ICU reads no braces or tags in it).
const INVALID = say("regexInvalid");
const BACKREFERENCE = say("regexBackreference", { numbered: "\\1", named: "\\k<name>" });
const LOOKAROUND = say("regexLookaround", { lookahead: "(?=…)", lookbehind: "(?<!…)" });
const MODIFIER = say("regexModifier", { allowed: "(?i:…)" });

// JavaScript's \s (WhiteSpace and LineTerminator); RE2's \s is ASCII only. NON_SPACE is its complement
// as ranges, because a negated class cannot nest inside another class.
const SPACE =
  "\\t\\n\\x0B\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
const NON_SPACE =
  "\\x00-\\x08\\x0E-\\x1F\\x21-\\x9F\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}" +
  "\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}";
// JavaScript's `.` stops at every line terminator; RE2's only at \n.
const DOT = "[^\\n\\r\\x{2028}\\x{2029}]";
const NOTHING = "[^\\x00-\\x{10FFFF}]";
const ANYTHING = "[\\x00-\\x{10FFFF}]";

/** The RE2 form of a pattern that compiles as JavaScript with `u`, or why RE2 must not run it. */
function toRe2(pattern: string): { source: string } | { refused: string } {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") {
      const next = pattern[++i] ?? "";
      // With `u`, a digit or \k escape that compiled is a backreference; RE2 would read \12 as octal.
      if (/[1-9k]/.test(next)) return { refused: BACKREFERENCE };
      if (next === "s") out += inClass ? SPACE : `[${SPACE}]`;
      else if (next === "S") out += inClass ? NON_SPACE : `[^${SPACE}]`;
      else out += ch + next;
    } else if (inClass) {
      inClass = ch !== "]";
      out += ch;
    } else if (ch === "[") {
      // In JavaScript "]" right after "[" or "[^" closes the class; in RE2 it would be a literal.
      if (pattern.startsWith("]", i + 1)) {
        out += NOTHING;
        i += 1;
      } else if (pattern.startsWith("^]", i + 1)) {
        out += ANYTHING;
        i += 2;
      } else {
        out += ch;
        inClass = true;
      }
    } else if (ch === "(") {
      const group = pattern.slice(i + 1, i + 10);
      if (/^\?<?[=!]/.test(group)) return { refused: LOOKAROUND };
      if (/^\?[ims-]*[ms][ims-]*:/.test(group)) return { refused: MODIFIER };
      out += ch;
    } else {
      out += ch === "." ? DOT : ch;
    }
  }
  return { source: out };
}

/**
 * RE2 matches in linear time, but compiling is not bounded: counted repeats expand (`a{0,999}` is
 * 999 states), and 127 of them in one 1 KB pattern took 2 s and 226 MB to compile. Patterns whose
 * expansion exceeds this are refused before compiling; the largest then take ~30 ms and ~1 MB.
 */
export const MAX_PATTERN_EXPANSION = 2_000;
const TOO_LARGE = say("regexTooLarge", { max: MAX_PATTERN_EXPANSION, example: "{0,999}" });

/** Where the atom starting at `i` ends (exclusive): an escape with its braces, a class, or one character. */
function atomEnd(pattern: string, i: number): number {
  if (pattern[i] === "\\") {
    const braced = /^\\[pPux]\{[^}]*\}/.exec(pattern.slice(i, i + 40));
    return i + (braced ? braced[0].length : 2);
  }
  if (pattern[i] !== "[") return i + 1;
  let j = i + 1;
  if (pattern[j] === "^") j++;
  if (pattern[j] === "]") j++;
  while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** An upper bound of the states a pattern compiles to: each counted repeat multiplies its atom or group. */
export function patternExpansion(pattern: string): number {
  const groups: { size: number; last: number }[] = [{ size: 0, last: 0 }];
  let i = 0;
  while (i < pattern.length) {
    const group = groups[groups.length - 1] as { size: number; last: number };
    const ch = pattern[i];
    const repeat = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
    if (repeat) {
      const max =
        repeat[2] === undefined ? Number(repeat[1]) : repeat[3] ? Number(repeat[3]) : Number(repeat[1]) + 1;
      group.size += group.last * (Math.max(max, 1) - 1);
      group.last *= Math.max(max, 1);
      i += repeat[0].length;
    } else if (ch === "(") {
      groups.push({ size: 0, last: 0 });
      i += 1;
    } else if (ch === ")" && groups.length > 1) {
      const closed = groups.pop() as { size: number; last: number };
      const parent = groups[groups.length - 1] as { size: number; last: number };
      parent.size += closed.size + 1;
      parent.last = closed.size + 1;
      i += 1;
    } else {
      const end = atomEnd(pattern, i);
      group.size += 1;
      group.last = 1;
      i = end;
    }
    if (group.size > MAX_PATTERN_EXPANSION * 10) return group.size; // far past the limit: stop counting
  }
  return groups.reduce((sum, group) => sum + group.size, 0);
}

function compile(pattern: string): ProviderRegex {
  try {
    new RegExp(pattern, "u");
  } catch {
    return { ok: false, reason: INVALID };
  }
  if (patternExpansion(pattern) > MAX_PATTERN_EXPANSION) return { ok: false, reason: TOO_LARGE };
  const translated = toRe2(pattern);
  if ("refused" in translated) return { ok: false, reason: translated.refused };
  try {
    // translateRegExp covers the rest of the JavaScript syntax: \u…, \cX, (?<name>…), "/".
    const re2 = RE2JS.compile(RE2JS.translateRegExp(translated.source));
    return { ok: true, test: (value) => re2.test(value) };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : "";
    return { ok: false, reason: say("regexUnsupported", { detail }) };
  }
}

// Delivery CSV validation compiles a channel's patterns once per row: keep the most recent ones
// (each at most ~1 MB, see MAX_PATTERN_EXPANSION).
const CACHE_SIZE = 32;
const cache = new Map<string, ProviderRegex>();

/** A provider's pattern, compiled for linear-time matching (cached), or why it is refused. */
export function compileProviderRegex(pattern: string): ProviderRegex {
  let compiled = cache.get(pattern);
  if (compiled) cache.delete(pattern);
  else compiled = compile(pattern);
  cache.set(pattern, compiled);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return compiled;
}
