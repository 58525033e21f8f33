/**
 * Keyset paging (lib/domain/paging.ts) on the real database, through the lists that use it: no row
 * skipped or repeated while rows are inserted between pages (ties on the sort column included),
 * back and forth, cursors that are none, and counts that stop at COUNT_CAP.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  availabilityTags,
  type ChannelContent,
  listProviderChannels,
  searchText,
} from "@/lib/domain/channels";
import { DomainError } from "@/lib/domain/errors";
import { issueApiKey, keyRequestLog } from "@/lib/domain/keys";
import { COUNT_CAP, type PageQuery } from "@/lib/domain/paging";
import { createProvider } from "@/lib/domain/providers";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { walkBackward, walkForward } from "../../support/contract/keyset";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN, providerActor } from "../../support/users/actors";

// A database of its own: its 10,000 logged requests and many channels would hold the shared one's write lock.
const database = openOwnDatabase();
const BASE = Date.UTC(2026, 5, 1);

/** Channel rows as create writes them, changed at the given offsets (seconds) from BASE. */
async function insertChannels(providerId: string, offsets: number[]) {
  const rows = offsets.map((offset) => {
    const content = minimalChannelBody(`page-${randomUUID()}`) as ChannelContent;
    return {
      id: randomUUID(),
      providerId,
      providerDeliveryChannelId: content.providerDeliveryChannelId,
      requestedContent: JSON.stringify(content),
      availabilityTags: availabilityTags(content.availability),
      searchText: searchText(content),
      updatedAt: new Date(BASE + offset * 1000),
    };
  });
  await database.db().channel.createMany({ data: rows });
  return rows.map((row) => row.id);
}

const listOf = (providerId: string) => (query: PageQuery) =>
  listProviderChannels(providerActor(providerId), query);

describe("paging channels while others are written", () => {
  it("shows every row present at the start exactly once, in order, whatever is inserted between pages", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Few distinct times, so many rows tie on updatedAt and the id must break the ties.
        fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 0, maxLength: 70 }),
        fc.array(fc.array(fc.integer({ min: -2, max: 18 }), { maxLength: 6 }), { maxLength: 8 }),
        async (initial, insertions) => {
          const providerId = (await createProvider(ADMIN, `Paging ${randomUUID()}`)).id;
          const present = new Set(await insertChannels(providerId, initial));
          let round = 0;
          const pages = await walkForward(listOf(providerId), async () => {
            await insertChannels(providerId, insertions[round++ % Math.max(1, insertions.length)] ?? []);
          });
          const seen = pages.flat();
          const ids = seen.map((row) => row.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of present) expect(ids).toContain(id);
          // Newest change first, ties by id descending: each row sorts after the one before it.
          for (let i = 1; i < seen.length; i++) {
            const [a, b] = [seen[i - 1]!, seen[i]!];
            const order = b.updatedAt.getTime() - a.updatedAt.getTime() || (b.id < a.id ? -1 : 1);
            expect(order).toBeLessThan(0);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it("walks back from the last page to the first through the same pages", async () => {
    const providerId = (await createProvider(ADMIN, `Back ${randomUUID()}`)).id;
    await insertChannels(
      providerId,
      Array.from({ length: 47 }, (_, i) => i % 5),
    );
    const read = listOf(providerId);
    const forward = await walkForward(read);
    let last = await read({});
    while (last.next) last = await read({ after: last.next });
    const backward = await walkBackward(read, last);
    expect(backward.map((page) => page.map((row) => row.id))).toEqual(
      forward.map((page) => page.map((row) => row.id)),
    );
    expect(
      (await read({ before: (await read({ after: (await read({})).next! })).previous! })).previous,
    ).toBeNull();
  });
});

describe("cursors that are none", () => {
  const hostile = [
    "",
    "x",
    "%00",
    "W10",
    "WyJhIiwiYiJd",
    Buffer.from('["\\u0000",1]').toString("base64url"),
    "🙂".repeat(300),
  ];

  it("start a page from the query string at the first page", async () => {
    const providerId = (await createProvider(ADMIN, `Lenient ${randomUUID()}`)).id;
    await insertChannels(providerId, [1, 2, 3]);
    const first = await listOf(providerId)({});
    for (const cursor of hostile) {
      const page = await listOf(providerId)({ after: cursor, lenient: true });
      expect(page.items.map((row) => row.id)).toEqual(first.items.map((row) => row.id));
    }
  });

  it("are a validation error naming the parameter through the API's strict reading", async () => {
    const providerId = (await createProvider(ADMIN, `Strict ${randomUUID()}`)).id;
    for (const cursor of hostile.filter(Boolean)) {
      const refusal = await listOf(providerId)({ before: cursor }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ kind: "invalid", field: "before" });
    }
  });
});

describe("counts", () => {
  let providerId: string;
  let apiKeyId: string;
  beforeAll(async () => {
    providerId = (await createProvider(ADMIN, `Counted ${randomUUID()}`)).id;
    apiKeyId = (await issueApiKey(ADMIN, providerId)).record.id;
  });

  /** Logged requests with ids that sort by `from + i` (UUIDv7-like, as the log writes them). */
  const logRows = (count: number, from: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `0190${String(from + i).padStart(28, "0")}`,
      apiKeyId,
      at: new Date(BASE),
      method: "GET",
      path: "/api/DeliveryChannel/View",
      status: 200,
    }));

  it("are exact up to the cap and say so beyond it", async () => {
    const read = () => keyRequestLog(providerActor(providerId), apiKeyId, {});
    for (let i = 0; i < COUNT_CAP; i += 2_500)
      await database.db().apiKeyRequest.createMany({ data: logRows(2_500, i) });
    expect(await read()).toMatchObject({ total: COUNT_CAP, totalCapped: false });
    await database.db().apiKeyRequest.createMany({ data: logRows(5, COUNT_CAP) });
    const capped = await read();
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true, previous: null });
    expect(capped.items[0]!.id).toBe(logRows(1, COUNT_CAP + 4)[0]!.id);
  });
});
