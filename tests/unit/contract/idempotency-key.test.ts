/** The Idempotency-Key header's parser: which values name a key, and which are a 400. */
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-errors";
import { parseIdempotencyKey } from "@/lib/api/idempotency";

const rejected = (value: string) => {
  try {
    parseIdempotencyKey(value);
  } catch (error) {
    return error instanceof ApiError ? [error.status, error.detail] : error;
  }
  return "accepted";
};

describe("parseIdempotencyKey", () => {
  it("is undefined without the header: the request runs as without retry protection", () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
  });

  it.each([
    ["8e03978e-40d5-43e8-bc93-6894a57f9324", "8e03978e-40d5-43e8-bc93-6894a57f9324"],
    ['"8e03978e-40d5-43e8-bc93-6894a57f9324"', "8e03978e-40d5-43e8-bc93-6894a57f9324"],
    ["a", "a"],
    ["k".repeat(255), "k".repeat(255)],
    ["!#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", "!#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"],
    ['"a', '"a'],
  ])("reads %j as the key %j", (value, key) => {
    expect(parseIdempotencyKey(value)).toBe(key);
  });

  it.each([
    ["empty", ""],
    ["an empty quoted string", '""'],
    ["256 characters", "k".repeat(256)],
    ["a space", "two words"],
    ["a tab", "a\tb"],
    ["a control character", "a\u0001b"],
    ["non-ASCII", "clé"],
    ["two keys joined by a repeated header", "a, b"],
  ])("refuses %s with a 400 naming the header", (_label, value) => {
    const [status, detail] = rejected(value) as [number, string];
    expect(status).toBe(400);
    expect(detail).toContain("Idempotency-Key");
  });
});
