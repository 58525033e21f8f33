/**
 * Issue 30, finding 11 "Finding things", over real HTTP against the built server: the console's
 * channel list searches by name (any case) and offers "Available in" as a select of country names,
 * its filters in the URL; each row of the webhook delivery logs (portal and console) says which channel
 * and delivery request its event concerns, linked to their pages; the provider portal links to the
 * API reference; a program's delivery requests, deliveries and channels export as CSV, formulas
 * escaped, for the roles that may read the program only; the console's channel list and request
 * queue sort by a column from its header (`?sort=…&dir=…`, aria-sort), page after page.
 */
import { randomUUID } from "node:crypto";
import Papa from "papaparse";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { sortName } from "@/lib/domain/channels/columns";
import { createProvider, issueApiKey } from "@/lib/domain/keys";
import { requestRefund } from "@/lib/domain/payments";
import { createChannel } from "../../support/channels/channel-api";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { delivery as oneDelivery, sendThrough, servingChannel } from "../../support/money/money-setup";
import { migrationFill } from "../../support/server/migration-fill";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, MANAGER } from "../../support/users/actors";

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

/** The log's rows (one <li> per event) whose markup holds `text`. */
const rowsWith = (body: string, text: string) => body.split("<li").filter((row) => row.includes(text));

describe("the webhook delivery logs", () => {
  it("say which channel and delivery request each event concerns, linked to their pages", async () => {
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    const description = `Winter aid ${randomUUID().slice(0, 8)}`;
    const sent = await sendThrough(setup, description, [oneDelivery(10)]);
    const { id: deliveryId } = await db().delivery.findFirstOrThrow({
      where: { deliveryRequestId: sent.deliveryRequestId },
    });
    await requestRefund(MANAGER, deliveryId, "Paid twice");
    const events = await db().outboxEvent.findMany({ where: { providerId: setup.providerId } });
    expect(events.map((event) => event.eventType).sort()).toEqual([
      "DELIVERY_CHANNEL_STATUS_UPDATED",
      "DELIVERY_REFUND_REQUESTED",
      "DELIVERY_REQUEST_SENT",
    ]);
    const channelHref = `/channels/${setup.providerDeliveryChannelId}`;

    const owner = await signedIn("provider", setup.providerId);
    const portal = await owner.get("/webhooks/deliveries");
    expect(portal.status).toBe(200);
    for (const event of events) {
      const [row] = rowsWith(portal.body, event.id);
      expect(row, event.eventType).toBeDefined();
      // Every event names the channel ("Cash", the setup's name), linked to the portal's page of it.
      expect(row, event.eventType).toMatch(new RegExp(`<a[^>]*href="${channelHref}"[^>]*>Cash</a>`));
      if (event.eventType !== "DELIVERY_CHANNEL_STATUS_UPDATED") {
        expect(row, event.eventType).toContain(description);
        expect(row, event.eventType).toContain(sent.deliveryRequestId);
      } else expect(row).not.toContain(description);
    }

    const consolePage = await admin.get("/admin/deliveries");
    expect(consolePage.status).toBe(200);
    const requestHref = `/admin/programs/${setup.programId}/requests/${sent.deliveryRequestId}`;
    for (const event of events) {
      const [row] = rowsWith(consolePage.body, event.id);
      expect(row, event.eventType).toBeDefined();
      expect(row, event.eventType).toMatch(
        new RegExp(`<a[^>]*href="/admin/channels/${setup.channelId}"[^>]*>Cash</a>`),
      );
      if (event.eventType !== "DELIVERY_CHANNEL_STATUS_UPDATED")
        expect(row, event.eventType).toMatch(
          new RegExp(`<a[^>]*href="${requestHref}"[^>]*>${description}</a>`),
        );
    }
  });
});

describe("the provider portal", () => {
  it("links to the API reference from its navigation, and the reference answers", async () => {
    const owner = await signedIn("provider", inject("providerA").id);
    for (const path of ["/channels", "/keys", "/webhooks"]) {
      const page = await owner.get(path);
      expect(page.status, path).toBe(200);
      const nav = page.body.match(/<nav[^>]*>([\s\S]*?)<\/nav>/);
      expect(nav?.[1], path).toMatch(/<a[^>]*href="\/docs"[^>]*>API reference<\/a>/);
    }
    const docs = await fetch(`${inject("baseUrl")}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("x-api-key");
  });
});

/** A CSV's rows as papaparse would read them back (header first). */
const csvRows = (text: string) => Papa.parse<string[]>(text.trim(), { newline: "\r\n" }).data;

describe("a program's exports", () => {
  it("hand over its delivery requests, deliveries and channels as CSV, formulas escaped", async () => {
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    // A description a spreadsheet would run: the export must not hand it over as a formula.
    const description = `=HYPERLINK("http://evil.example","${randomUUID().slice(0, 8)}")`;
    const beneficiaries = ["b-2", "b-1", "+b-3"];
    const sent = await sendThrough(
      setup,
      description,
      beneficiaries.map((id, index) => oneDelivery(10 + index, id)),
    );
    const manager = await signedIn(["program_manager"]);
    const base = `/admin/programs/${setup.programId}`;
    const page = await manager.get(base);
    for (const table of ["requests", "deliveries", "channels"])
      expect(page.body).toContain(`href="${base}/export/${table}"`);

    const requests = await manager.get(`${base}/export/requests`);
    expect(requests.status).toBe(200);
    const requestRows = csvRows(requests.html);
    expect(requestRows[0]).toEqual([
      "deliveryRequestId",
      "createdAt",
      "description",
      "channel",
      "providerDeliveryChannelId",
      "provider",
      "unit",
      "total",
      "deliveries",
      "delivered",
      "reverted",
      "approvalState",
      "status",
      "providerDeliveryRequestId",
    ]);
    expect(requestRows).toHaveLength(2);
    expect(requestRows[1]).toMatchObject({
      0: sent.deliveryRequestId,
      2: `'${description}`,
      3: "Cash",
      7: "33",
    });
    expect(requests.html).not.toMatch(/,"?=HYPERLINK/);

    const deliveries = await manager.get(`${base}/export/deliveries`);
    expect(deliveries.status).toBe(200);
    const deliveryRows = csvRows(deliveries.html);
    expect(deliveryRows[0]?.slice(0, 5)).toEqual([
      "deliveryRequestId",
      "deliveryRequest",
      "deliveryId",
      "beneficiaryId",
      "amount",
    ]);
    // By beneficiary id; "+b-3" escaped as a formula would be.
    expect(deliveryRows.slice(1).map((row) => [row[3], row[4], row[6]])).toEqual([
      ["'+b-3", "12", "DELIVERY_PENDING"],
      ["b-1", "11", "DELIVERY_PENDING"],
      ["b-2", "10", "DELIVERY_PENDING"],
    ]);
    // The options (a phone number) stay out, as on the request's page.
    expect(deliveries.html).not.toContain("+359");

    const channels = await manager.get(`${base}/export/channels`);
    expect(channels.status).toBe(200);
    const channelRows = csvRows(channels.html);
    expect(channelRows).toHaveLength(2);
    expect(channelRows[1]).toMatchObject({ 0: setup.channelId, 2: "Cash", 4: "true", 8: "1", 9: "33" });
  });

  it("are refused (not found) to a provider's user, to no one signed in, and for no such table or program", async () => {
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    const base = `/admin/programs/${setup.programId}/export`;
    const owner = await signedIn("provider", setup.providerId);
    for (const table of ["requests", "deliveries", "channels"]) {
      expect((await owner.get(`${base}/${table}`)).status, table).toBe(404);
      const anonymous = await fetch(`${inject("baseUrl")}${base}/${table}`, { redirect: "manual" });
      expect(anonymous.status, table).toBe(404);
    }
    const auditor = await signedIn(["auditor"]);
    expect((await auditor.get(`${base}/requests`)).status).toBe(200);
    expect((await auditor.get(`${base}/payments`)).status).toBe(404);
    expect((await auditor.get(`/admin/programs/${randomUUID()}/export/requests`)).status).toBe(404);
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
