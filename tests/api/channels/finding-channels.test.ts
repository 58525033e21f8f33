/**
 * Issue 30, finding 11 "Finding things", over real HTTP against the built server: the console's
 * channel list searches by name (any case) and offers "Available in" as a select of country names,
 * its filters in the URL; the console's channel list and request queue sort by a column from its
 * header (`?sort=…&dir=…`, aria-sort), page after page. The delivery logs' links:
 * tests/api/webhooks/delivery-log-links.test.ts; a program's exports:
 * tests/api/programs/program-exports.test.ts; the portal's link to the reference:
 * tests/api/pages/reference-link.test.ts.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sortName } from "@/lib/domain/channels/columns";
import { issueApiKey } from "@/lib/domain/keys";
import { createProvider } from "@/lib/domain/providers";
import { createChannel } from "../../support/channels/channel-api";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { migrationFill } from "../../support/server/migration-fill";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN } from "../../support/users/actors";

openTestDb();

let admin: PortalSession;
beforeAll(async () => {
  admin = await signedIn("admin");
});

/** The channel names a console list page shows (its rows' links to /admin/channels/<id>). */
const listedIds = (body: string) =>
  [...body.matchAll(/href="\/admin\/channels\/([0-9a-f-]{36})"/g)].map((match) => match[1]);

describe("the console's channel list", () => {
  it("searches channels by name, in any case, and keeps the term in the URL of its pages", async () => {
    const word = `Zebrafinch${randomUUID().slice(0, 6)}`;
    const named = async (id: string, name: string, countries?: string[]) => {
      const body = {
        ...(minimalChannelBody(id) as object),
        name: { language: "EN", translation: name },
        availability: {
          categoriesSupported: ["CASH"],
          ...(countries ? { countriesSupported: countries } : {}),
        },
      };
      expect((await createChannel(body)).status).toBe(200);
    };
    const stem = randomUUID().slice(0, 8);
    await named(`find-a-${stem}`, `${word} kiosk`, ["BG"]);
    await named(`find-b-${stem}`, `Corner shop ${word.toLowerCase()}`, ["PL"]);
    await named(`find-c-${stem}`, "Unrelated counter", ["BG"]);

    const page = await admin.get(`/admin/channels?q=${encodeURIComponent(word.toUpperCase())}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${word} kiosk`);
    expect(page.body).toContain(`Corner shop ${word.toLowerCase()}`);
    expect(page.body).not.toContain("Unrelated counter");
    expect(listedIds(page.body)).toHaveLength(2);
    // The box shows the term it searched.
    expect(page.body).toMatch(new RegExp(`<input[^>]*name="q"[^>]*value="${word.toUpperCase()}"`));

    // Beside another filter (a country), both apply.
    const inBulgaria = await admin.get(`/admin/channels?q=${encodeURIComponent(word)}&country=BG`);
    expect(inBulgaria.body).toContain(`${word} kiosk`);
    expect(inBulgaria.body).not.toContain(`Corner shop ${word.toLowerCase()}`);

    // A short term and one with LIKE's wildcards are text, never patterns, and never fail.
    for (const term of ["%", "_", "z%b", "\u0000"]) {
      const other = await admin.get(`/admin/channels?q=${encodeURIComponent(term)}`);
      expect(other.status, term).toBe(200);
    }
    expect(listedIds((await admin.get(`/admin/channels?q=${encodeURIComponent(`${word}%`)}`)).body)).toEqual(
      [],
    );
  });

  it("offers 'Available in' as a select of country names, the chosen one kept from the URL", async () => {
    const page = await admin.get("/admin/channels?country=BG");
    expect(page.status).toBe(200);
    const select = page.body.match(/<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/);
    expect(select, "a select named country").not.toBeNull();
    expect(select![1]).toMatch(/<option value="BG" selected="">Bulgaria<\/option>/);
    expect(select![1]).toMatch(/<option value="UA"[^>]*>Ukraine<\/option>/);
    // No free-text code box any more.
    expect(page.body).not.toMatch(/<input[^>]*name="country"/);
  });
});

/** The channel names of a console list page, in its order (each row's link text). */
const listedNames = (body: string) =>
  [...body.matchAll(/href="\/admin\/channels\/[0-9a-f-]{36}"[^>]*>(?:<[^>]*>)*([^<]*)</g)].map(
    (match) => match[1]!,
  );

/** The header cell of a column, by its label. */
const headerOf = (body: string, label: string) =>
  body.match(new RegExp(`<th[^>]*>(?:(?!</th>)[\\s\\S])*?${label}(?:(?!</th>)[\\s\\S])*?</th>`, "i"))?.[0];

/** The path of a header's sort link. */
const hrefOf = (cell: string | undefined) => cell?.match(/href="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");

describe("sortable columns", () => {
  it("sort the console's channels by name, either way, any case, stable by id, page after page", async () => {
    const word = `Sortword${randomUUID().slice(0, 6)}`;
    const stem = randomUUID().slice(0, 8);
    // 27 channels: more than a page (25). Names in mixed case; two share a name (ties go by id).
    const names = Array.from({ length: 25 }, (_, index) => `${word} item ${String(index).padStart(2, "0")}`);
    names.push(`${word} Aardvark`, `${word} aardvark`);
    for (const [index, name] of names.entries()) {
      const body = {
        ...(minimalChannelBody(`sort-${stem}-${index}`) as object),
        name: { language: "EN", translation: name },
      };
      expect((await createChannel(body)).status).toBe(200);
    }
    const expected = [...names].sort((a, b) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
    );
    const read = async (path: string) => {
      const shown: string[] = [];
      let next: string | null = path;
      while (next) {
        const page = await admin.get(next);
        expect(page.status).toBe(200);
        shown.push(...listedNames(page.body));
        const link: RegExpMatchArray | null = page.body.match(
          /<a[^>]*href="(\/admin\/channels\?[^"]*after=[^"]*)"/,
        );
        next = link ? link[1]!.replaceAll("&amp;", "&") : null;
        if (next) expect(next).toMatch(/sort=name&dir=(asc|desc)/);
      }
      return shown;
    };
    const q = encodeURIComponent(word);
    const ascending = await read(`/admin/channels?q=${q}&sort=name&dir=asc`);
    expect(ascending).toHaveLength(27);
    // Case-insensitive order; the two "aardvark"s first, in a fixed (id) order.
    expect(ascending.map((name) => name.toLowerCase())).toEqual(expected.map((name) => name.toLowerCase()));
    const descending = await read(`/admin/channels?q=${q}&sort=name&dir=desc`);
    expect(descending).toEqual([...ascending].reverse());

    // The header says how the list is sorted and links to the other way round, with the filters.
    const page = await admin.get(`/admin/channels?q=${q}&sort=name&dir=asc`);
    const channel = headerOf(page.body, "Channel");
    expect(channel).toContain('aria-sort="ascending"');
    expect(hrefOf(channel)).toBe(`/admin/channels?q=${word}&sort=name&dir=desc`);
    const lastChange = headerOf(page.body, "Last change");
    expect(lastChange).not.toContain("aria-sort");
    expect(hrefOf(lastChange)).toBe(`/admin/channels?q=${word}&sort=lastChange&dir=desc`);
    // Unsorted, the list is most recently changed first, and says so.
    const plain = await admin.get(`/admin/channels?q=${q}`);
    expect(headerOf(plain.body, "Last change")).toContain('aria-sort="descending"');
    expect(listedNames(plain.body)[0]).toBe(`${word} aardvark`);
    // An unknown sort is the list's own order, never an error.
    expect((await admin.get(`/admin/channels?q=${q}&sort=secret&dir=sideways`)).status).toBe(200);
  });

  it("sort the request queue by the time submitted, either way", async () => {
    const provider = await createProvider(ADMIN, `Queue sort ${randomUUID()}`);
    const { key } = await issueApiKey(ADMIN, provider.id);
    const ids = ["first", "second", "third"].map((name) => `${name}-${randomUUID().slice(0, 8)}`);
    for (const id of ids) expect((await createChannel(minimalChannelBody(id), key)).status).toBe(200);
    const order = async (query: string) => {
      const page = await admin.get(`/admin/requests?providerId=${provider.id}${query}`);
      expect(page.status).toBe(200);
      return {
        page,
        ids: ids
          .filter((id) => page.body.includes(id))
          .sort((a, b) => page.body.indexOf(a) - page.body.indexOf(b)),
      };
    };
    expect((await order("")).ids).toEqual(ids);
    const newest = await order("&sort=submitted&dir=desc");
    expect(newest.ids).toEqual([...ids].reverse());
    const submitted = headerOf(newest.page.body, "Submitted");
    expect(submitted).toContain('aria-sort="descending"');
    expect(hrefOf(submitted)).toBe(`/admin/requests?providerId=${provider.id}&sort=submitted&dir=asc`);
  });

  it("by name reads Channel.sortName, which the migration fills in as the app writes it", async () => {
    const providerDeliveryChannelId = `fill-${randomUUID().slice(0, 8)}`;
    const body = {
      ...(minimalChannelBody(providerDeliveryChannelId) as object),
      name: { language: "EN", translation: "Mixed CASE Kiosk" },
    };
    expect((await createChannel(body)).status).toBe(200);
    const where = { providerDeliveryChannelId };
    const written = await db().channel.findFirstOrThrow({ where, select: { id: true, sortName: true } });
    expect(written.sortName).toBe("mixed case kiosk");
    expect(written.sortName).toBe(
      sortName({ name: { language: "EN", translation: "Mixed CASE Kiosk" } } as never),
    );
    await db().$executeRawUnsafe(`UPDATE "Channel" SET "sortName" = '' WHERE "id" = '${written.id}'`);
    await db().$executeRawUnsafe(migrationFill("20261130110000_channel_sort_name"));
    const filled = await db().channel.findUniqueOrThrow({
      where: { id: written.id },
      select: { sortName: true },
    });
    expect(filled.sortName).toBe("mixed case kiosk");
  });
});
