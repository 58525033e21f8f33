/**
 * The people a rejection's tests need, as platform API users of one server: a program manager who
 * asks, a finance approver who rejects, and two administrators, one to ask for an erasure and one
 * to approve it (four eyes).
 */
import { expect } from "vitest";
import { db } from "../../../lib/db";
import { dataOf, type PlatformUser, platform, platformUser } from "../platform/platform-api";
import { storedText, valuesIn } from "./stored-text";

/** What a sealed value looks like in a row: `b1.<key id>.…`. */
export const SEALED = /^b1\.[\w-]{16}\./;

export async function decidingPeople(baseUrl: () => string) {
  const [manager, approver, admin1, admin2] = await Promise.all([
    platformUser(["program_manager"]),
    platformUser(["finance_approver"]),
    platformUser(["administrator"]),
    platformUser(["administrator"]),
  ]);
  const users = { manager: manager!, approver: approver!, admin1: admin1!, admin2: admin2! };
  const call = (user: PlatformUser, path: string, body?: unknown, method?: string) =>
    platform(path, { baseUrl: baseUrl(), token: user.token, body, method });
  /** One administrator asks for the beneficiary's erasure, the other approves it. */
  const erase = async (beneficiaryId: string, reference: string) => {
    const asked = dataOf(await call(users.admin1, "/beneficiary-erasures", { beneficiaryId, reference }));
    dataOf(
      await call(users.admin2, `/beneficiary-erasures/${asked.erasureRequestId}/approve`, undefined, "POST"),
    );
  };
  return { users, call, erase };
}

export type DecidingPeople = Awaited<ReturnType<typeof decidingPeople>>;

/** That none of `texts` is stored in clear anywhere in the database (its file's bytes on SQLite). */
export async function expectStoredNowhere(databaseUrl: string, texts: string[]) {
  const text = await storedText(databaseUrl);
  expect(valuesIn(text, texts, databaseUrl.startsWith("file:"))).toEqual([]);
}

/** That the decision on a request (or its refund) told its asker, but neither mail nor inbox quotes `word`. */
export async function expectLetterWithout(deliveryRequestId: string, word: string) {
  const notes = await db().notification.findMany({ where: { path: { contains: deliveryRequestId } } });
  expect(notes.length).toBeGreaterThan(0);
  expect(notes.every((note) => note.reason === null)).toBe(true);
  const mails = await db().mailMessage.findMany({ where: { kind: "payment_decided" } });
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) expect(mail.body).not.toContain(word);
}
