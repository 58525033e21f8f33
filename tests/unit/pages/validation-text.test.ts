/**
 * Issue 13: the contract's validation messages reach a reader in their language. The schemas write
 * them in English from messages/en/validation.json (the API answers these texts); the portal matches
 * an English message back to its key and arguments and shows the reader's catalog's text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { channelFormSchema } from "@/lib/contract/channel-form";
import { rejectionSchema } from "@/lib/contract/decision";
import { programInputSchema, refundSchema } from "@/lib/contract/forms/program-forms";
import { acceptInvitationSchema, inviteTeamMemberSchema } from "@/lib/contract/forms/user-forms";
import { compileProviderRegex } from "@/lib/contract/provider-regex";
import { ENGLISH_VALIDATION as english, say, type ValidationKey } from "@/lib/contract/validation-messages";
import { type DeliveryOption, deliveryProblems, parseDeliveriesCsv } from "@/lib/domain/deliveries";
import { readCatalog } from "@/lib/i18n/messages";
import { translatorFor } from "@/lib/i18n/translator";
import { inReadersWords, MAX_MATCHED_LENGTH, matchValidationMessage } from "@/lib/i18n/validation-text";

const KEYS = Object.keys(english) as ValidationKey[];
const placeholders = (key: ValidationKey) =>
  [...english[key].matchAll(/\{(\w+)\}/g)].map((found) => found[1]!);
/** The most placeholders one message has: a filler for each. */
const MOST_PLACEHOLDERS = Math.max(...KEYS.map((key) => placeholders(key).length));

describe("a validation message matched back to its key", () => {
  it("finds every message's key and arguments, whatever numbers or words fill it", () => {
    const filler = fc.oneof(
      fc.integer({ min: 0, max: 10 ** 9 }).map(String),
      fc.stringMatching(/^[A-Za-z0-9_]+(, [A-Za-z0-9_]+){0,4}$/),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...KEYS),
        fc.array(filler, { minLength: MOST_PLACEHOLDERS, maxLength: MOST_PLACEHOLDERS }),
        (key, fills) => {
          const values = Object.fromEntries(placeholders(key).map((name, index) => [name, fills[index]!]));
          expect(matchValidationMessage(say(key, values))).toEqual({ key, values });
        },
      ),
    );
  });

  it("finds each message's own key, not another's, whichever filler it holds", () => {
    const fillers = ["7", "1e+13", "phone", "program_manager", "a, b", "DELIVERY_CHANNEL_STATUS_UPDATED"];
    for (const key of KEYS) {
      for (const filler of fillers) {
        const values = Object.fromEntries(placeholders(key).map((name) => [name, filler]));
        expect(matchValidationMessage(say(key, values)), key).toEqual({ key, values });
      }
    }
  });

  it("prefers the message with more fixed text: a size in characters is not a bare size", () => {
    expect(matchValidationMessage("must be at most 64 characters")).toEqual({
      key: "mustBeAtMostCharacters",
      values: { max: "64" },
    });
    expect(matchValidationMessage("must be at most 1e+13")).toEqual({
      key: "mustBeAtMost",
      values: { max: "1e+13" },
    });
  });

  it("does not try a text longer than any message: a hostile one would cost quadratic time", () => {
    const hostile = `must be at most ${" hours (".repeat(10_000)}x`;
    expect(matchValidationMessage(hostile.slice(0, MAX_MATCHED_LENGTH))?.key).toBe("mustBeAtMost");
    expect(matchValidationMessage(hostile)).toBeNull();
  });

  it("leaves a message it does not know alone", () => {
    expect(matchValidationMessage("Quoted field unterminated")).toBeNull();
    expect(matchValidationMessage("")).toBeNull();
    expect(matchValidationMessage(`${say("isRequired")} and more`)).toBeNull();
  });
});

/** Every issue the schema raises for `input`, by message. */
const messagesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe("a message in the reader's words", () => {
  const french = translatorFor("fr", "validation");
  const frenchCatalog = readCatalog("fr").validation as Record<string, string>;

  it("translates a catalog message inside another: a refused regex's reason in a delivery's problem", () => {
    const reason = compileProviderRegex("(a)\\1");
    expect(reason.ok).toBe(false);
    const english = say("cannotBeCheckedRegex", { reason: reason.ok ? "" : reason.reason });
    const shown = inReadersWords(english, french);
    expect(shown).toBe(
      french("cannotBeCheckedRegex", {
        reason: french("regexBackreference", { numbered: "\\1", named: "\\k<name>" }),
      }),
    );
    expect(shown).toContain(frenchCatalog.regexBackreference!.split("{")[0]!.trim());
    expect(shown).not.toMatch(/backreferences|cannot be checked/);
  });

  it("leaves an argument that is no message as it is, and stops at its depth", () => {
    expect(inReadersWords(say("doesNotMatch", { pattern: "Required" }), french, { depth: 1 })).toBe(
      french("doesNotMatch", { pattern: "Required" }),
    );
    expect(inReadersWords("Quoted field unterminated", french)).toBe("Quoted field unterminated");
  });

  it("isolates each argument for a right-to-left reader, so a pattern keeps its own direction", () => {
    const arabic = translatorFor("ar", "validation");
    const shown = inReadersWords(say("doesNotMatch", { pattern: "^\\d+$" }), arabic, { isolate: true });
    expect(shown).toBe(arabic("doesNotMatch", { pattern: "\u2068^\\d+$\u2069" }));
  });
});

describe("what the forms' schemas say", () => {
  it("is a catalog message, each in every language with the same arguments", () => {
    const said = [
      ...messagesOf(channelFormSchema, {
        providerDeliveryChannelId: "..",
        name: { language: "EN", translation: " " },
        landingPage: "not a page",
        availability: { categoriesSupported: [] },
      }),
      ...messagesOf(programInputSchema, {
        name: "",
        unit: "XXX",
        virtualBudget: 0.001,
        description: "x".repeat(2001),
      }),
      ...messagesOf(refundSchema, { programId: "p", deliveryId: "d", reason: "" }),
      ...messagesOf(inviteTeamMemberSchema, { email: "not-an-address", name: "x".repeat(201), roles: [] }),
      ...messagesOf(acceptInvitationSchema, { token: "t", name: "", password: "short" }),
      ...messagesOf(rejectionSchema, { approve: false, reason: "" }),
    ];
    expect(said.length).toBeGreaterThan(10);
    const unknown = said.filter((message) => !matchValidationMessage(message));
    expect(unknown).toEqual([]);
    for (const locale of ["fr", "es", "ar", "uk", "ru"]) {
      const catalog = readCatalog(locale).validation as Record<string, string>;
      for (const message of said) {
        const { key, values } = matchValidationMessage(message)!;
        expect(catalog[key], `${locale}: ${key}`).toBeTruthy();
        for (const name of Object.keys(values)) expect(catalog[key]).toContain(`{${name}}`);
      }
    }
  });
});

describe("what the domain says of a send's deliveries", () => {
  it("is a catalog message too, so the refused file's report is in the reader's language", async () => {
    const phone = {
      fieldName: "phone",
      fieldLabel: "Phone",
      dataType: "string",
      isRequired: true,
      fieldMinLength: 4,
      validationRegex: "^[0-9]+$",
    } as DeliveryOption;
    const said = [
      ...Object.values(
        deliveryProblems({ beneficiaryId: "", amount: 0.001, options: { other: "x" } }, [phone]),
      ),
      ...Object.values(
        deliveryProblems({ beneficiaryId: "b", amount: 0, options: { phone: "12a" } }, [phone]),
      ),
      ...Object.values(
        deliveryProblems({ beneficiaryId: "b", amount: 1, options: { phone: "abcde" } }, [phone]),
      ),
      // The CSV parser's complaints too: a broken quote, a field count, no delimiter.
      ...(await parseDeliveriesCsv('name,other\nx,y\n"z,1\nw,1,2\n', [])).problems.map(
        (problem) => problem.message,
      ),
      ...(await parseDeliveriesCsv("beneficiaryId\nb\n", [])).problems.map((problem) => problem.message),
      ...(await parseDeliveriesCsv("beneficiaryId,amount\n", [])).problems.map((problem) => problem.message),
    ];
    expect(said.length).toBeGreaterThanOrEqual(11);
    expect(said.filter((message) => !matchValidationMessage(message))).toEqual([]);
  });
});
