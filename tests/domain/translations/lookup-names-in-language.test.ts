/**
 * Issue 13: categories, identity documents, nationalities and commodity units have names in every
 * language (the catalog's lookups namespace, whose English the lookups endpoint answers as well),
 * shown by the console's filters in the reader's language; so does XX, the unknown language.
 */
import { expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { LOOKUPS } from "@/lib/domain/channels/lookup-values";
import { readCatalog } from "@/lib/i18n/messages";
import { signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { openTestDb } from "../../support/server/test-db";

openTestDb();

const NAMED = ["DeliveryChannelCategory", "Kyc", "Nationality", "Commodity"] as const;

it("names every category, identity document, nationality and unit but the placeholder, and the lookups answer the English", () => {
  const english = readCatalog("en").lookups as Record<string, Record<string, string>>;
  for (const key of NAMED) {
    const items = LOOKUPS[key].filter((item) => item.lookUp !== "NULL");
    expect(Object.keys(english[key]!).sort(), key).toEqual(items.map((item) => item.lookUp).sort());
    for (const item of items) expect(item.translation).toBe(english[key]![item.lookUp]);
  }
  expect(LOOKUPS.Language.find((item) => item.lookUp === "XX")?.translation).toBe(english.Language!.XX);
});

it("the console's filters offer categories and documents by their names in the reader's language", async () => {
  const french = readCatalog("fr").lookups as Record<string, Record<string, string>>;
  const reader = await signedIn(["administrator"]);
  const option = (value: string, name: string) => `<option value="${value}">${name}</option>`;
  const eligibility = (await reader.get("/admin/eligibility")).body;
  const channels = (await reader.get("/admin/channels")).body;
  // The profile's language is English until set: the lookup's own names.
  expect(eligibility).toContain(option("PASSPORT", "Passport"));
  expect(eligibility).toContain(option("UKRAINIAN", "Ukrainian"));
  expect(channels).toContain(option("VOUCHERS", "Vouchers"));

  await db().user.update({ where: { id: reader.userId }, data: { locale: "fr" } });
  const frenchEligibility = (await reader.get("/admin/eligibility")).body;
  for (const code of ["CASH", "VOUCHERS", "INFORMATION"])
    expect(frenchEligibility).toContain(option(code, french.DeliveryChannelCategory![code]!));
  expect(frenchEligibility).toContain(option("PASSPORT", french.Kyc!.PASSPORT!));
  expect(frenchEligibility).toContain(option("UKRAINIAN", french.Nationality!.UKRAINIAN!));
  // No two choices of one filter read alike: "all nationalities" is not the empty "any".
  for (const [, name, options] of frenchEligibility.matchAll(/<select name="(\w+)"[^>]*>(.*?)<\/select>/g)) {
    const labels = [...options!.matchAll(/<option [^>]*>([^<]*)<\/option>/g)].map((found) => found[1]);
    expect(new Set(labels).size, name).toBe(labels.length);
  }
  expect((await reader.get("/admin/channels")).body).toContain(
    option("VOUCHERS", french.DeliveryChannelCategory!.VOUCHERS!),
  );
});

it("the channel form's loader names the values in the reader's language; pages ship no lookups catalog", async () => {
  const french = readCatalog("fr") as Record<string, Record<string, unknown>>;
  const names = french.lookups as Record<string, Record<string, string>>;
  const owner = await signedIn("provider", inject("providerB").id);
  await db().user.update({ where: { id: owner.userId }, data: { locale: "fr" } });
  const load = serverActions().find(
    (action) => action.name === "app/(provider)/channels/channel-actions.ts#lookupValuesAction",
  ) as ServerAction;
  const result = await actionResult(inject("baseUrl"), load, owner.cookie, [{ key: "Nationality" }]);
  expect(result.ok).toBe(true);
  expect(result.data).toContainEqual({ lookUp: "UKRAINIAN", translation: names.Nationality!.UKRAINIAN });
  expect((result.data as unknown[]).length).toBe(LOOKUPS.Nationality.length);

  // What the form's page sends the browser: the validation catalog, not the lookups' or the letters'.
  const { html } = await owner.get("/channels/new");
  expect(html).toContain((french.validation as Record<string, string>).regexInvalid);
  expect(html).not.toContain(names.Nationality!.UKRAINIAN);
  expect(html).not.toContain(names.DeliveryChannelCategory!.VOUCHERS);
});
