/**
 * The platform API's lists page by cursor over real HTTP (lib/domain/paging.ts): forwards and back,
 * each row once while rows are written between pages. The domain side, on both databases, is
 * tests/domain/channels/keyset-paging.test.ts.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { dataOf, type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";

// platformUser writes its user and token through lib/db: open the server's test database first.
const database = openTestDb();

let admin: PlatformUser;
let auditor: PlatformUser;

beforeAll(async () => {
  [admin, auditor] = await Promise.all([platformUser(["administrator"]), platformUser(["auditor"])]);
});

describe("GET channels", () => {
  it("pages by cursor, forwards and back, each channel once, while channels are created", async () => {
    const other = dataOf(
      await platform("/providers", { token: admin.token, body: { name: `Paged ${randomUUID()}` } }),
    );
    const create = (i: number) =>
      fetch(`${inject("baseUrl")}/api/DeliveryChannel/Create`, {
        method: "POST",
        headers: { "x-api-key": other.key, "content-type": "application/json" },
        body: JSON.stringify(minimalChannelBody(`paged-${i}-${randomUUID()}`)),
      });
    for (let i = 0; i < 30; i++) expect((await create(i)).status).toBe(200);
    const read = async (query: string) =>
      dataOf(await platform(`/channels?provider=${other.id}${query}`, { token: auditor.token }));
    const first = await read("");
    expect(first).toMatchObject({ total: 30, totalCapped: false, pageSize: 25, previous: null });
    await create(30); // newest: before the cursor, so not on the next page
    const second = await read(`&after=${first.next}`);
    expect(second).toMatchObject({ next: null, total: 31 });
    const seen = [...first.items, ...second.items].map((row: { id: string }) => row.id);
    expect(new Set(seen).size).toBe(30);
    // Back: the first page as it was, and before it the channel created since.
    const back = await read(`&before=${second.previous}`);
    const ids = (page: { items: { id: string }[] }) => page.items.map((row) => row.id);
    expect(ids(back)).toEqual(ids(first));
    const top = await read(`&before=${back.previous}`);
    expect(top).toMatchObject({ previous: null });
    expect(ids(top)).toEqual([expect.any(String), ...ids(first).slice(0, 24)]);
  });
});

describe("GET programs and providers", () => {
  const program = { name: "Paged program", description: "", unit: "EUR", virtualBudget: 100 };
  // Each list as the database orders it: newest program first, providers by name (its collation).
  const inOrder = {
    programs: async () =>
      database()
        .db()
        .program.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } }),
    providers: async () =>
      database()
        .db()
        .provider.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true } }),
  };
  const bodies = { programs: () => program, providers: () => ({ name: `Paged ${randomUUID()}` }) };

  it.each(["programs", "providers"] as const)(
    "pages %s in order, each row once, while rows are created",
    async (list) => {
      const token = (await platformUser(["administrator", "program_manager"])).token;
      const create = async () => dataOf(await platform(`/${list}`, { token, body: bodies[list]() }));
      const before: { id: string }[] = [];
      for (let i = 0; i < 30; i++) before.push(await create());
      const ids: string[] = [];
      let next: string | null = null;
      do {
        const page = dataOf(
          await platform(next ? `/${list}?after=${next}` : `/${list}`, { token: auditor.token }),
        );
        expect(page.pageSize).toBe(25);
        ids.push(...page.items.map((row: { id: string }) => row.id));
        next = page.next;
        await create(); // between pages: a program is newer than the cursor, a provider anywhere
      } while (next);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining(before.map((row) => row.id)));
      const seen = new Set(ids);
      expect((await inOrder[list]()).map((row) => row.id).filter((id) => seen.has(id))).toEqual(ids);
    },
  );
});
