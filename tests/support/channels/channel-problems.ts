/**
 * The channel body schema's 400 as a provider reads it, without a server: channelBodySchema through
 * parseOrThrow (the API's path), each failure as the exact "<path>: <problem>" text. Shared by the
 * tests/unit/channels/channel-schema*.test.ts files.
 */
import { expect } from "vitest";
import { ApiError } from "@/lib/api/api-errors";
import { parseOrThrow } from "@/lib/api/validation";
import { channelBodySchema } from "@/lib/contract/channel";
import { type Json, withValue } from "../http/json-path";
import { fullChannelBody, minimalChannelBody } from "./channel-bodies";
import { INVALID_BODY } from "./contract-rows";

const CHANNEL_ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
export const minimalBody = (): Json => minimalChannelBody(CHANNEL_ID);
/** Every field of every object present, status too, so any path of the contract can be removed or changed. */
export const fullBody = (): Json => withValue(fullChannelBody(CHANNEL_ID), "status", "ONLINE");

/**
 * The problems the 400 lists for `input` (its message after the contract's sentence, split on "; "),
 * or [] when the body is valid. Also checks that a failure is the contract's ValidationError.
 */
export function problemsOf(input: unknown): string[] {
  try {
    parseOrThrow(channelBodySchema, input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect([apiError.status, apiError.type, apiError.title]).toEqual([
      400,
      "ValidationError",
      "Invalid Request Body",
    ]);
    expect(apiError.detail?.startsWith(`${INVALID_BODY} `)).toBe(true);
    return (apiError.detail ?? "").slice(INVALID_BODY.length + 1).split("; ");
  }
}

export const expectSingleProblem = (input: unknown, path: string, fragment: string) => {
  const problems = problemsOf(input);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toContain(`${path}: `);
  expect(problems[0]?.startsWith(`${path}: `)).toBe(true);
  expect(problems[0]).toContain(fragment);
};
