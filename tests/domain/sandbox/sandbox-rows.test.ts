/**
 * Channel.sandbox and ChannelRequest.sandbox (migration 20261124120000_sandbox_rows): the console's
 * lists keep live rows by these columns alone, so the database must get them right whoever writes:
 * Create's batched writer, Update's Prisma write, a writer that sends a wrong value, and the
 * migration's fill-in of rows that existed before it.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { requestChannelCreate, requestChannelUpdate } from "../../../lib/domain/channels/request-changes";
import { createProvider } from "../../../lib/domain/providers";
import { sandboxOf } from "../../../lib/domain/sandbox";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { migrationFill } from "../../support/server/migration-fill";
import { openOwnDatabase } from "../../support/server/own-database";
import { platformActor, providerActor } from "../../support/users/actors";

const own = openOwnDatabase();
const MIGRATION = "20261124120000_sandbox_rows";
let live: string;
let sandbox: string;

/** Every channel and request of the provider, with the column as stored. */
async function flagsOf(providerId: string) {
  const channels = await own.db().channel.findMany({
    where: { providerId },
    select: { sandbox: true, requests: { select: { sandbox: true } } },
  });
  return channels.flatMap((channel) => [channel.sandbox, ...channel.requests.map((r) => r.sandbox)]);
}

async function createAndUpdate(providerId: string, id: string) {
  await requestChannelCreate(providerActor(providerId), minimalChannelBody(id) as never);
  const update = { ...minimalChannelBody(id), name: { language: "EN", translation: "Renamed" } };
  await requestChannelUpdate(providerActor(providerId), update as never);
}

beforeAll(async () => {
  live = (await createProvider(platformActor(), "Live Payouts")).id;
  sandbox = await sandboxOf(live);
  for (let n = 0; n < 3; n++) {
    await createAndUpdate(live, `live-${n}`);
    await createAndUpdate(sandbox, `test-${n}`);
  }
});

describe("the sandbox columns", () => {
  it("are true on a sandbox's channels and requests and false on a live provider's, creates and updates", async () => {
    const liveFlags = await flagsOf(live);
    const sandboxFlags = await flagsOf(sandbox);
    expect(liveFlags).toHaveLength(9);
    expect(sandboxFlags).toHaveLength(9);
    expect(new Set(liveFlags)).toEqual(new Set([false]));
    expect(new Set(sandboxFlags)).toEqual(new Set([true]));
  });

  it("correct a value a writer sends, either way", async () => {
    const [liveChannel, sandboxChannel] = await Promise.all(
      [live, sandbox].map((providerId) => own.db().channel.findFirstOrThrow({ where: { providerId } })),
    );
    for (const [channel, wrong] of [
      [liveChannel!, true],
      [sandboxChannel!, false],
    ] as const) {
      const request = await own.db().channelRequest.create({
        data: { channelId: channel.id, kind: "UPDATE", body: "{}", sandbox: wrong },
      });
      const stored = await own.db().channelRequest.findUniqueOrThrow({ where: { id: request.id } });
      expect(stored.sandbox).toBe(!wrong);
      const copy = await own.db().channel.create({
        data: {
          providerId: channel.providerId,
          providerDeliveryChannelId: `copy-${request.id}`,
          requestedContent: "{}",
          sandbox: wrong,
        },
      });
      expect((await own.db().channel.findUniqueOrThrow({ where: { id: copy.id } })).sandbox).toBe(!wrong);
    }
  });

  it("are filled in for the rows that existed before the migration", async () => {
    const postgres = inject("databaseKind") === "postgres";
    const triggers = postgres ? ['"Channel"', '"ChannelRequest"'] : [];
    for (const table of triggers)
      await own.db().$executeRawUnsafe(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    await own.db().$executeRawUnsafe('UPDATE "ChannelRequest" SET "sandbox" = false');
    await own.db().$executeRawUnsafe('UPDATE "Channel" SET "sandbox" = false');
    for (const table of triggers)
      await own.db().$executeRawUnsafe(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    expect(new Set(await flagsOf(sandbox))).toEqual(new Set([false]));
    for (const statement of migrationFill(MIGRATION).split(";").slice(0, 2))
      await own.db().$executeRawUnsafe(statement);
    expect(new Set(await flagsOf(sandbox))).toEqual(new Set([true]));
    expect(new Set(await flagsOf(live))).toEqual(new Set([false]));
  });
});
