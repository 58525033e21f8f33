/**
 * Create's batched insert (lib/db/insert-channel.ts) against the real database (SQLite and
 * PostgreSQL): a taken channel id fails as DuplicateChannelError, a type of its own that the domain
 * recognises with instanceof (not an imitation of Prisma's P2002), and Create answers it with the
 * contract's 409. A batch holding a duplicate is written again one by one: only the duplicate fails.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { DuplicateChannelError, insertChannel, isUniqueViolation, newChannelId } from "@/lib/db";
import { auditRow } from "@/lib/domain/audit/record";
import { requestChannelCreate } from "@/lib/domain/channels";
import { requestedColumns } from "@/lib/domain/channels/columns";
import { DomainError } from "@/lib/domain/errors";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import { openTestDb } from "../../support/server/test-db";
import { providerActor } from "../../support/users/actors";

const database = openTestDb();
const provider = inject("providerA");
const owner = providerActor(provider.id);

const body = (id: string) => fullChannelBody(id) as ChannelBody;

/** A create's row as requestChannelCreate builds it, for the channel id `channelId`. */
function createRow(channelId: string) {
  const id = newChannelId();
  return {
    id,
    providerId: provider.id,
    providerDeliveryChannelId: channelId,
    columns: requestedColumns(body(channelId)),
    receivedAt: new Date(),
    audit: auditRow(owner, { action: "channel.created", subjectType: "Channel", subjectId: id }),
  };
}

const channelsWithId = (channelId: string) =>
  database()
    .db()
    .channel.count({ where: { providerId: provider.id, providerDeliveryChannelId: channelId } });

describe("a duplicate create", () => {
  it("fails as DuplicateChannelError, of its own type, and leaves the first channel alone", async () => {
    const channelId = `duplicate-${randomUUID()}`;
    await insertChannel(createRow(channelId));
    const second = await insertChannel(createRow(channelId)).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DuplicateChannelError);
    // Prisma's unique-violation test does not take it for one of Prisma's errors.
    expect(isUniqueViolation(second)).toBe(false);
    expect(await channelsWithId(channelId)).toBe(1);
  });

  it("in a batch fails alone, with Create's 409; the batch's other creates are written", async () => {
    const taken = `duplicate-${randomUUID()}`;
    const fresh = `fresh-${randomUUID()}`;
    await requestChannelCreate(owner, body(taken));
    // Started in one turn of the event loop: one batch, which meets the duplicate.
    const outcomes = await Promise.allSettled([
      requestChannelCreate(owner, body(taken)),
      requestChannelCreate(owner, body(fresh)),
    ]);
    expect(outcomes[1]).toMatchObject({ status: "fulfilled" });
    const refusal = outcomes[0]!.status === "rejected" ? outcomes[0]!.reason : undefined;
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: "conflict", message: expect.stringContaining(taken) });
    expect([await channelsWithId(taken), await channelsWithId(fresh)]).toEqual([1, 1]);
  });
});
