/**
 * Issue 16: the portal's channel search answers from a trigram index (pg_trgm on PostgreSQL, an
 * FTS5 trigram table kept by triggers on SQLite) and finds exactly the channels whose search text
 * contains the lower-cased term: as `searchText.includes(term.toLowerCase())` computes in JavaScript,
 * for any script, short terms, LIKE's `%` and `_`, FTS syntax, and after updates and deletes.
 */

import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import {
  availabilityTags,
  type ChannelContent,
  listProviderChannels,
  requestChannelCreate,
  requestChannelUpdate,
  searchText,
} from "@/lib/domain/channels";
import { searchFilter } from "@/lib/domain/channels/search";
import { COUNT_CAP, ID_LIST_LIMIT } from "@/lib/domain/paging";
import { createProvider } from "@/lib/domain/providers";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN, providerActor } from "../../support/users/actors";

// A database of its own: its batches of thousands of channels would hold the shared one's write lock.
const database = openOwnDatabase();

/** Names and descriptions in several scripts and cases, with LIKE's and FTS5's special characters. */
const TEXTS: [string, string][] = [
  ["Cash Pickup Sofia", "Collect CASH at any agent"],
  ["КАСА в ПОЩАТА", "Пари в брой, Ёлка"],
  ["مكتب الصرافة", "استلام نقدي في الفرع"],
  ["100% Refund_Desk", "under_score and 50% off"],
  ["Straße ÄÖÜ İstanbul Şube", "Ünïcode ǅ ΣΊΣΥΦΟΣ"],
  ["Quote \"double\" 'single'", "NEAR(cash pickup) OR * ^ AND NOT -x col:umn"],
  ["back\\slash path", "日本語のテキスト 🏦 bank 🏧"],
  ["a", "b"],
  ["xy", "z_%"],
];

const HOSTILE = [
  "a",
  "A",
  "%",
  "_",
  "%_",
  "0%",
  "_s",
  "r_d",
  "\\",
  "k\\s",
  '"',
  '""',
  '"double"',
  "*",
  "cash*",
  "NEAR(",
  "NEAR(cash pickup)",
  "OR",
  " or ",
  "AND NOT",
  "col:umn",
  "^",
  "-x",
  "{}",
  "sofia\ncollect",
  "a\u0000b",
  "\u0000",
  "\ud83c",
  "🏦",
  "ΣΊΣ",
  "ß",
  "İ",
  "x".repeat(100_000),
  "cash ".repeat(2_000),
];

let owner: string;
let stranger: string;
const ids: string[] = [];

const bodyOf = (id: string, [name, description]: [string, string]) =>
  ({
    ...fullChannelBody(id),
    name: { language: "EN", translation: name },
    shortDescription: { language: "EN", translation: description },
  }) as ChannelBody;

beforeAll(async () => {
  owner = (await createProvider(ADMIN, `Search ${randomUUID()}`)).id;
  stranger = (await createProvider(ADMIN, `Search stranger ${randomUUID()}`)).id;
  for (const [i, text] of TEXTS.entries()) {
    const id = `Search-${i}-${randomUUID().slice(0, 8)}`;
    ids.push(id);
    await requestChannelCreate(providerActor(owner), bodyOf(id, text));
    await requestChannelCreate(providerActor(stranger), bodyOf(`${id}-other`, text));
  }
});

/** What the search meant before the index: a substring of the lower-cased text, nothing for unstorable terms. */
async function expectedIds(providerId: string, term: string): Promise<string[]> {
  const rows = await database
    .db()
    .channel.findMany({ where: { providerId }, select: { id: true, searchText: true } });
  const lowered = term.toLowerCase();
  const storable = !lowered.includes("\u0000") && lowered.isWellFormed();
  return rows.filter((row) => storable && row.searchText.includes(lowered)).map((row) => row.id);
}

async function foundIds(providerId: string, term: string): Promise<string[]> {
  const rows = await database.db().channel.findMany({
    where: { providerId, ...(await searchFilter(providerId, term)).where },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

async function expectSameAsSubstring(term: string) {
  const expected = await expectedIds(owner, term);
  expect(new Set(await foundIds(owner, term)), JSON.stringify(term.slice(0, 80))).toEqual(new Set(expected));
}

/** Terms drawn from the stored texts: any stretch of code points, any case, plus random text. */
async function storedTerms() {
  const rows = await database
    .db()
    .channel.findMany({ where: { providerId: owner }, select: { searchText: true } });
  const texts = rows.map((row) => Array.from(row.searchText));
  const stretch = fc
    .tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 12 }), fc.boolean())
    .map(([chars, start, length, upper]) => {
      const from = start % chars.length;
      const term = chars.slice(from, from + length).join("");
      return upper ? term.toUpperCase() : term;
    });
  return fc.oneof(stretch, fc.string({ unit: "binary", minLength: 1, maxLength: 6 }));
}

async function checkEveryKindOfTerm() {
  for (const term of HOSTILE) await expectSameAsSubstring(term);
  await fc.assert(fc.asyncProperty(await storedTerms(), expectSameAsSubstring), { numRuns: 150 });
}

it("finds exactly the channels whose text contains the term, in any script, case and length", async () => {
  await checkEveryKindOfTerm();
  expect(await foundIds(owner, "ПОЩАТА")).toHaveLength(1);
  expect(await foundIds(owner, "pickup sofia\ncollect")).toHaveLength(1);
  expect(await foundIds(owner, "%")).toHaveLength(2);
  expect(await foundIds(owner, "_")).toHaveLength(2);
});

it("answers the portal's list the same way, its total and its rows, and never another provider's", async () => {
  for (const q of ["cash", "КАСА", "_", "%", "NEAR(", '"', "a\u0000b", `  ${ids[1]}  `]) {
    const expected = await expectedIds(owner, q.trim());
    const list = await listProviderChannels(providerActor(owner), { q });
    expect(list.total, q).toBe(expected.length);
    expect(new Set(list.items.map((item) => item.id))).toEqual(new Set(expected));
  }
});

it("follows updates and deletes of channels, and of a whole provider", async () => {
  await requestChannelUpdate(providerActor(owner), bodyOf(ids[0]!, ["Moved Kiosk Plovdiv", "Вече не"]));
  await requestChannelUpdate(providerActor(owner), bodyOf(ids[1]!, ["Renamed ПОЩА", "Cash pickup again"]));
  await database.db().channel.delete({
    where: {
      providerId_providerDeliveryChannelId: { providerId: owner, providerDeliveryChannelId: ids[2]! },
    },
  });
  await database.db().channel.updateMany({
    where: { providerId: owner, providerDeliveryChannelId: ids[3]! },
    data: { status: "ONLINE" },
  });
  await database.db().provider.delete({ where: { id: stranger } });

  expect(await foundIds(owner, "sofia")).toEqual([]);
  expect(await foundIds(owner, "plovdiv")).toHaveLength(1);
  expect(await foundIds(owner, "مكتب")).toEqual([]);
  expect(await foundIds(owner, "refund_desk")).toHaveLength(1);
  expect(await foundIds(stranger, "cash")).toEqual([]);
  await checkEveryKindOfTerm();
});

/** `count` channel rows of the provider as create writes them, the i-th named `nameOf(i)`, in one insert. */
async function insertNamed(
  providerId: string,
  count: number,
  nameOf: (i: number) => string,
  idPrefix = "bulk",
) {
  const rows = Array.from({ length: count }, (_, i) => {
    const content = {
      ...(fullChannelBody(`${idPrefix}-${i}`) as ChannelContent),
      name: { language: "EN", translation: nameOf(i) },
    } as ChannelContent;
    return {
      providerId,
      providerDeliveryChannelId: content.providerDeliveryChannelId,
      requestedContent: JSON.stringify(content),
      availabilityTags: availabilityTags(content.availability),
      searchText: searchText(content),
    };
  });
  await database.db().channel.createMany({ data: rows });
}

it(`still finds every match of a term more than ${ID_LIST_LIMIT} channels share`, async () => {
  const many = (await createProvider(ADMIN, `Search many ${randomUUID()}`)).id;
  await insertNamed(
    many,
    ID_LIST_LIMIT + 100,
    (i) => `${i % 250 === 0 ? "Rare Halva" : "Common Kiosk"} ${i}${i < ID_LIST_LIMIT ? " Exact Tea" : ""}`,
  );
  expect((await expectedIds(many, "common kiosk")).length).toBeGreaterThan(ID_LIST_LIMIT);
  // "exact tea": as many ids as the index may answer, every one of them bound in the list's query.
  expect(await expectedIds(many, "exact tea")).toHaveLength(ID_LIST_LIMIT);
  for (const q of ["common kiosk", "kiosk 1", "rare halva", "bulk-", "cash", "exact tea"]) {
    const expected = await expectedIds(many, q);
    expect((await listProviderChannels(providerActor(many), { q })).total, q).toBe(expected.length);
    expect(new Set(await foundIds(many, q))).toEqual(new Set(expected));
  }
});

it(`counts a term more than ${COUNT_CAP} channels share as ${COUNT_CAP}+, and still pages through them`, async () => {
  const crowded = (await createProvider(ADMIN, `Search crowded ${randomUUID()}`)).id;
  await insertNamed(crowded, COUNT_CAP + 1, (i) => `Crowded Market ${i}`);
  const actor = providerActor(crowded);
  const first = await listProviderChannels(actor, { q: "crowded market" });
  expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true });
  const second = await listProviderChannels(actor, { q: "crowded market", after: first.next! });
  expect(second.items).toHaveLength(first.items.length);
  const seen = new Set([...first.items, ...second.items].map((row) => row.id));
  expect(seen.size).toBe(first.items.length * 2);
  // One channel fewer than the cap plus one: the count is exact again.
  await database.db().channel.delete({ where: { id: first.items[0]!.id } });
  expect(await listProviderChannels(actor, { q: "crowded market" })).toMatchObject({
    total: COUNT_CAP,
    totalCapped: false,
  });
});

it.each([
  ["window kiosk", "more than the ids one query binds"],
  ["kiosk 1", "fewer"],
])(
  "pages through the matches of %j (%s) both ways, none skipped or repeated while channels are added",
  async (term) => {
    const paged = (await createProvider(ADMIN, `Search paged ${randomUUID()}`)).id;
    await insertNamed(paged, ID_LIST_LIMIT + 200, (i) => (i % 10 === 9 ? `Other ${i}` : `Window Kiosk ${i}`));
    const expected = new Set(await expectedIds(paged, term));
    expect(expected.size).toBeGreaterThan(100);
    const actor = providerActor(paged);
    const forward: string[] = [];
    let page = await listProviderChannels(actor, { q: term });
    expect(page).toMatchObject({ total: expected.size, totalCapped: false });
    for (let n = 0; ; n++) {
      forward.push(...page.items.map((item) => item.id));
      // Newer than every page read: a list in newest-first order shows it on its first page only.
      await insertNamed(paged, 1, () => `Window Kiosk 1 late ${n}`, `late-${n}`);
      if (!page.next) break;
      page = await listProviderChannels(actor, { q: term, after: page.next });
    }
    expect(forward).toHaveLength(expected.size);
    expect(new Set(forward)).toEqual(expected);
    const backward: string[] = [];
    for (let at = page; at.previous; ) {
      at = await listProviderChannels(actor, { q: term, before: at.previous });
      backward.unshift(...at.items.map((item) => item.id));
    }
    // Back at the start, the first page is read afresh: the late channels and the newest of the rest.
    expect(new Set([...backward, ...page.items.map((item) => item.id)])).toEqual(
      new Set(await expectedIds(paged, term)),
    );
  },
);
