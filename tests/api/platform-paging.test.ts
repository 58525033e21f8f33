/**
 * The platform API's lists page by cursor over real HTTP (lib/domain/paging.ts): forwards and back,
 * each row once while rows are written between pages. The domain side, on both databases, is
 * tests/domain/keyset-paging.test.ts.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { minimalChannelBody } from "../support/channel-bodies";
import { dataOf, type PlatformUser, platform, platformUser } from "../support/platform-api";
import { openTestDb } from "../support/test-db";

// platformUser writes its user and token through lib/db: open the server's test database first.
openTestDb();

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
