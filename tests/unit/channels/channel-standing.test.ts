/**
 * A channel's standing (issue 30, finding 1): one word for what it is, from its approval, the status
 * the provider asked for, its pending request and its last rejection; and the change under way for
 * an approved one. Every combination of the four inputs, against the rules written out here.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { receivesDeliveries } from "@/lib/domain/channels";
import { channelStanding, STANDING_FILTERS, type StandingInput } from "@/lib/domain/channels/standing";

/**
 * Channels as the domain leaves them: an approved one is ONLINE or OFFLINE (approval turns REQUESTED
 * into ONLINE, and no update asks for REQUESTED), and a new request clears the last rejection.
 */
const input: fc.Arbitrary<StandingInput> = fc
  .record({
    isApproved: fc.boolean(),
    rejectionReason: fc.option(fc.constantFrom("No landing page", "Wrong country"), { nil: null }),
    pending: fc.option(fc.record({ kind: fc.constantFrom("CREATE", "UPDATE", "UPDATE_STATUS") }), {
      nil: null,
    }),
    withdrawnAt: fc.option(fc.constant(new Date("2026-11-30T09:00:00Z")), { nil: null }),
    retiredAt: fc.option(fc.constant(new Date("2026-11-30T10:00:00Z")), { nil: null }),
  })
  .chain((channel) =>
    fc
      .constantFrom(...(channel.isApproved ? ["ONLINE", "OFFLINE"] : ["ONLINE", "OFFLINE", "REQUESTED"]))
      .map((status) => ({
        ...channel,
        status,
        rejectionReason: channel.pending ? null : channel.rejectionReason,
        // A withdrawal ends the pending request (so no rejection is shown), and a new request ends it.
        withdrawnAt: channel.pending || channel.rejectionReason ? null : channel.withdrawnAt,
      }))
      // Retiring takes the channel OFFLINE, withdraws its pending request and ends a shown rejection.
      .map((channel) =>
        channel.retiredAt ? { ...channel, status: "OFFLINE", pending: null, rejectionReason: null } : channel,
      ),
  );

describe("a channel's standing", () => {
  it("is live exactly when the send rule lets it receive deliveries", () => {
    fc.assert(
      fc.property(input, (channel) => {
        expect(channelStanding(channel).state === "live").toBe(receivesDeliveries(channel));
      }),
    );
  });

  it("never says approved and awaiting approval at once, and names a rejection's reason", () => {
    fc.assert(
      fc.property(input, (channel) => {
        const standing = channelStanding(channel);
        if (channel.retiredAt) expect(standing).toEqual({ state: "retired" });
        else if (!channel.isApproved) {
          expect(["awaitingApproval", "rejected", "withdrawn", "notApproved"]).toContain(standing.state);
          if (channel.pending)
            expect(standing).toEqual({ state: "awaitingApproval", kind: channel.pending.kind });
          else if (channel.rejectionReason)
            expect(standing).toEqual({ state: "rejected", reason: channel.rejectionReason });
          else if (channel.withdrawnAt) expect(standing).toEqual({ state: "withdrawn" });
          else expect(standing).toEqual({ state: "notApproved" });
        } else {
          expect(["live", "offline"]).toContain(standing.state);
          const change = "change" in standing ? standing.change : undefined;
          if (channel.pending) expect(change).toEqual({ state: "awaiting", kind: channel.pending.kind });
          else if (channel.rejectionReason)
            expect(change).toEqual({ state: "rejected", reason: channel.rejectionReason });
          else expect(change).toBeNull();
        }
      }),
    );
  });

  it("is what the console's filter of the same name selects", () => {
    fc.assert(
      fc.property(input, (channel) => {
        const standing = channelStanding(channel);
        for (const [name, filter] of Object.entries(STANDING_FILTERS)) {
          const selected =
            (!("approved" in filter) || channel.isApproved === (filter.approved === "yes")) &&
            (!("retired" in filter) || (channel.retiredAt !== null) === (filter.retired === "yes")) &&
            (!("status" in filter) || channel.status === filter.status) &&
            (!("request" in filter) ||
              (filter.request === "pending" ? channel.pending !== null : channel.rejectionReason !== null));
          const change = "change" in standing ? standing.change : null;
          const named =
            name === "changeAwaiting"
              ? change?.state === "awaiting"
              : name === "changeRejected"
                ? change?.state === "rejected"
                : standing.state === name;
          expect({ name, selected }).toEqual({ name, selected: named });
        }
      }),
    );
  });
});
