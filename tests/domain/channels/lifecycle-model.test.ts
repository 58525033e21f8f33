/**
 * Model-based test of the channel lifecycle (issue 10) on the real database and server: random
 * sequences of API create/update (over HTTP), portal create/edit/status switch (the domain functions
 * the portal's actions call) and console approve/reject, checked after every step against the model
 * in tests/support/channels/lifecycle-model.ts: View, approval and status, one pending request at most, the
 * latest status event, the portal's search and the console's filters. Bounded for CI.
 */

import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, it } from "vitest";
import { channelBodySchema, channelViewSchema } from "@/lib/contract/channel";
import {
  allChannels,
  type ChannelFilter,
  decideChannelRequest,
  listProviderChannels,
  requestChannelCreate,
  requestChannelUpdate,
  requestChannelStatus as requestStatusChange,
} from "@/lib/domain/channels";
import type { DomainError } from "@/lib/domain/errors";
import { issueApiKey } from "@/lib/domain/keys";
import { createProvider } from "@/lib/domain/providers";
import {
  availableIn,
  type Content,
  canonical,
  draftArb,
  type Model,
  modelApprove,
  modelCreate,
  modelReject,
  modelUpdate,
  REQUEST_TYPES,
  type Status,
  switchContent,
} from "../../support/channels/lifecycle-model";
import { apiCreate, apiUpdate, apiView } from "../../support/http/api-client";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();
const admin = reviewerActor("model-admin");

interface Real {
  providerId: string;
  key: string;
  ids: string[];
}
type Command = fc.AsyncCommand<Model, Real>;

/** A command: when it applies to the model, and what it does to both. */
function command(
  label: string,
  applies: (model: Model) => boolean,
  run: (model: Model, real: Real) => Promise<void>,
): Command {
  return {
    check: applies,
    run: async (model, real) => {
      await run(model, real);
      await checkInvariants(model, real);
    },
    toString: () => label,
  };
}

const slotArb = fc.constantFrom(0, 1);
const statusArb = fc.constantFrom<Status | null | undefined>("ONLINE", "OFFLINE", null, undefined);
const exists = (slot: number) => (model: Model) => model[slot] !== undefined;
const awaits = (slot: number) => (model: Model) => model[slot]?.pending != null;
/** The portal's actions parse with the contract's schema before calling the domain. */
const parsed = (content: Content) => ({ ...channelBodySchema.parse(content), status: undefined });

const commands = [
  fc.tuple(slotArb, draftArb).map(([slot, draft]) =>
    command(
      `apiCreate(${slot}, ${draft})`,
      () => true,
      async (model, real) => {
        const reply = await apiCreate(real.key, draft(real.ids[slot]!));
        expect(reply.status).toBe(model[slot] ? 409 : 200);
        model[slot] ??= modelCreate(draft(real.ids[slot]!));
      },
    ),
  ),
  fc.tuple(slotArb, draftArb, statusArb).map(([slot, draft, status]) =>
    command(
      `apiUpdate(${slot}, ${draft}, ${status})`,
      () => true,
      async (model, real) => {
        const reply = await apiUpdate(real.key, { ...draft(real.ids[slot]!), status });
        const channel = model[slot];
        expect(reply.status).toBe(channel ? 200 : 404);
        if (channel) {
          const kind = modelUpdate(channel, draft(real.ids[slot]!), status);
          expect(reply.body.data.requestType).toBe(REQUEST_TYPES[kind]);
        }
      },
    ),
  ),
  fc.tuple(slotArb, draftArb).map(([slot, draft]) =>
    command(
      `portalCreate(${slot}, ${draft})`,
      () => true,
      async (model, real) => {
        const content = draft(real.ids[slot]!);
        const outcome = await requestChannelCreate(providerActor(real.providerId), parsed(content)).catch(
          (e) => e,
        );
        if (model[slot]) expect((outcome as DomainError).kind).toBe("conflict");
        else model[slot] = modelCreate(content);
      },
    ),
  ),
  fc.tuple(slotArb, draftArb).map(([slot, draft]) =>
    command(`portalEdit(${slot}, ${draft})`, exists(slot), async (model, real) => {
      const content = draft(real.ids[slot]!);
      const receipt = await requestChannelUpdate(providerActor(real.providerId), parsed(content));
      expect(receipt.requestType).toBe(REQUEST_TYPES[modelUpdate(model[slot]!, content)]);
    }),
  ),
  fc.tuple(slotArb, fc.constantFrom<Status>("ONLINE", "OFFLINE")).map(([slot, status]) =>
    command(`portalSwitch(${slot}, ${status})`, exists(slot), async (model, real) => {
      const channel = model[slot]!;
      const receipt = await requestStatusChange(
        providerActor(real.providerId),
        real.ids[slot]!,
        status as "ONLINE",
      );
      expect(receipt.requestType).toBe(REQUEST_TYPES[modelUpdate(channel, switchContent(channel), status)]);
    }),
  ),
  slotArb.map((slot) =>
    command(`approve(${slot})`, awaits(slot), async (model, real) => {
      await decideChannelRequest(admin, await pendingRequestId(real, slot), { approve: true });
      modelApprove(model[slot]!);
    }),
  ),
  slotArb.map((slot) =>
    command(`reject(${slot})`, awaits(slot), async (model, real) => {
      const reason = `Not yet ${randomUUID().slice(0, 4)}`;
      await decideChannelRequest(admin, await pendingRequestId(real, slot), { approve: false, reason });
      modelReject(model[slot]!, reason);
    }),
  ),
];

async function pendingRequestId(real: Real, slot: number) {
  const request = await database()
    .db()
    .channelRequest.findFirstOrThrow({
      where: {
        state: "PENDING",
        channel: { providerId: real.providerId, providerDeliveryChannelId: real.ids[slot] },
      },
    });
  return request.id;
}

async function checkInvariants(model: Model, real: Real) {
  for (const [slot, channel] of model.entries()) {
    if (!channel) continue;
    const id = real.ids[slot]!;
    const reply = await apiView(real.key, id);
    expect(reply.status).toBe(200);
    const { isApproved, status, ...content } = channelViewSchema.parse(reply.body.data);
    expect(canonical(content)).toEqual(canonical(channel.approved ?? channel.requested));
    expect({ isApproved, status }).toEqual({ isApproved: channel.approved !== null, status: channel.status });

    const pending = await database()
      .db()
      .channelRequest.findMany({
        where: { state: "PENDING", channel: { providerDeliveryChannelId: id, providerId: real.providerId } },
      });
    expect(pending.map((request) => request.kind)).toEqual(channel.pending ? [channel.pending.kind] : []);

    const events = await database()
      .db()
      .outboxEvent.findMany({
        where: { providerId: real.providerId, payload: { contains: `"${id}"` } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: 1,
      });
    const lastEvent = events[0] ? JSON.parse(events[0].payload) : null;
    expect(lastEvent && { status: lastEvent.status, requestType: lastEvent.requestType }).toEqual(
      channel.lastEvent,
    );
    if (lastEvent?.status === "Approved") expect(isApproved).toBe(true);

    for (const term of [id, ...channel.requested.name.translation.split(" ")]) {
      const found = (await listProviderChannels(providerActor(real.providerId), { q: term })).items;
      expect(found.find((item) => item.providerDeliveryChannelId === id)?.rejectionReason).toBe(
        channel.rejectionReason,
      );
    }
  }
  await checkConsoleFilters(model, real);
}

/** Every console filter lists exactly the channels whose requested content (and state) match it. */
async function checkConsoleFilters(model: Model, real: Real) {
  const listed = async (filter: ChannelFilter) =>
    new Set(
      (await allChannels(ADMIN, { providerId: real.providerId, ...filter })).items.map(
        (item) => item.providerDeliveryChannelId,
      ),
    );
  const expectFilter = async (
    filter: ChannelFilter,
    matches: (channel: NonNullable<Model[number]>) => boolean,
  ) => {
    const ids = await listed(filter);
    const expected = model.flatMap((channel, slot) => (channel && matches(channel) ? [real.ids[slot]!] : []));
    expect([...ids].sort(), JSON.stringify(filter)).toEqual(expected.sort());
  };
  for (const category of ["CASH", "VOUCHERS", "INFORMATION"])
    await expectFilter({ category }, (c) => c.requested.availability.categoriesSupported.includes(category));
  for (const country of ["BG", "PL", "UA"])
    await expectFilter({ country }, (c) => availableIn(c.requested, country));
  for (const status of ["REQUESTED", "ONLINE", "OFFLINE"])
    await expectFilter({ status }, (c) => c.status === status);
  await expectFilter({ approved: "yes" }, (c) => c.approved !== null);
  await expectFilter({ request: "pending" }, (c) => c.pending !== null);
  await expectFilter({ request: "rejected" }, (c) => c.rejectionReason !== null);
}

it("every sequence of requests and decisions keeps the lifecycle's invariants", async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (sequence) => {
      // A provider per run, so the search and the filters see only this run's channels.
      const provider = await createProvider(ADMIN, `Model ${randomUUID()}`);
      const { key } = await issueApiKey(ADMIN, provider.id);
      const token = randomUUID().slice(0, 8);
      const real: Real = { providerId: provider.id, key, ids: [`model-${token}-a`, `model-${token}-b`] };
      await fc.asyncModelRun(() => ({ model: [], real }), sequence);
    }),
    { numRuns: 20 },
  );
}, 300_000);
