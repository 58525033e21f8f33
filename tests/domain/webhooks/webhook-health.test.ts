/**
 * Endpoint health from real deliveries (tests/support/webhooks/webhook-harness.ts): each failed attempt
 * lengthens the subscription's failure streak and records why (HTTP status, timeout, DNS, refused
 * address, refused connection) and when; a success ends the streak and keeps the last reason.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  at,
  EVENT_TYPE,
  openWebhookHarness,
  providerId,
  queueEvent,
  receiver,
  run,
  SETTINGS,
  subscribeTo,
} from "../../support/webhooks/webhook-harness";

openWebhookHarness();

const health = () =>
  db().subscription.findUniqueOrThrow({
    where: { providerId_eventType: { providerId, eventType: EVENT_TYPE } },
    select: {
      failureStreak: true,
      failingSince: true,
      lastFailureAt: true,
      lastFailureReason: true,
      disabledAt: true,
    },
  });

describe("the failure streak", () => {
  it("counts consecutive failed attempts with the last reason, and a success ends it", async () => {
    let status = 500;
    const target = await receiver({ onCallback: () => status });
    await subscribeTo(target.url);
    await queueEvent();
    await run(at(0));
    expect(await health()).toEqual({
      failureStreak: 1,
      failingSince: at(0),
      lastFailureAt: at(0),
      lastFailureReason: "HTTP 500",
      disabledAt: null,
    });
    status = 503;
    await run(at(6_000)); // the first retry: 5 s ± 10%
    expect(await health()).toMatchObject({
      failureStreak: 2,
      failingSince: at(0),
      lastFailureReason: "HTTP 503",
    });

    status = 200;
    await run(at(10 * 60_000)); // the second retry: 5 min ± 10%
    expect(target.received).toHaveLength(3);
    expect(await health()).toEqual({
      failureStreak: 0,
      failingSince: null,
      lastFailureAt: at(6_000),
      lastFailureReason: "HTTP 503",
      disabledAt: null,
    });
  });

  it("subscribing again starts healthy", async () => {
    const target = await receiver({ onCallback: () => 500 });
    await subscribeTo(target.url);
    await queueEvent();
    await run(at(0));
    expect((await health()).failureStreak).toBe(1);
    await subscribeTo(target.url);
    expect(await health()).toMatchObject({ failureStreak: 0, lastFailureReason: null, failingSince: null });
  });
});

describe("why an endpoint is failing", () => {
  /** The reason recorded for one attempt to `url`, with the dispatcher's `settings`. */
  const reasonFor = async (url: string, settings = SETTINGS) => {
    await subscribeTo(url);
    await queueEvent();
    await run(at(0), settings);
    return (await health()).lastFailureReason;
  };

  it("a timeout", async () => {
    const target = await receiver({ onCallback: () => new Promise(() => {}) });
    expect(await reasonFor(target.url, { ...SETTINGS, timeoutMs: 300 })).toBe(
      "Timeout: no answer within 300 ms",
    );
  });

  it("a refused connection", async () => {
    const target = await receiver();
    await target.close();
    expect(await reasonFor(target.url)).toMatch(/^Connection refused \(.*ECONNREFUSED/);
  });

  it("a host name that does not resolve", async () => {
    expect(await reasonFor("http://no-such-host.invalid/hooks")).toMatch(
      /^DNS: the host name does not resolve/,
    );
  });

  it("a private address, refused before connecting", async () => {
    const target = await receiver();
    expect(await reasonFor(target.url, { ...SETTINGS, allowPrivateAddresses: false })).toMatch(
      /^Refused: the callback address is private, loopback or link-local/,
    );
    expect(target.received).toHaveLength(0);
  });
});
