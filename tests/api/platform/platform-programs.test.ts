/**
 * The platform API's programs, delivery requests and refunds over real HTTP, each with the role that
 * may call it and one that may not.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "../../support/http/envelope";
import {
  dataOf,
  everyPage,
  forbidden,
  type PlatformUser,
  platform,
  platformWorld,
  type requestedChannel,
} from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
let reviewer: PlatformUser;
let manager: PlatformUser;
let auditor: PlatformUser;
let approved: Awaited<ReturnType<typeof requestedChannel>>;

beforeAll(async () => {
  ({ reviewer, manager, auditor, approved } = await platformWorld());
});

describe("programs, delivery requests and refunds", () => {
  let programId: string;
  const send = (key: string) =>
    platform(`/programs/${programId}/delivery-requests`, {
      token: manager.token,
      headers: { "idempotency-key": key },
      body: {
        channelId: approved.channelId,
        description: "November",
        deliveries: [
          { beneficiaryId: "BEN-1", amount: 10.5, options: {} },
          { beneficiaryId: "BEN-2", amount: 4 },
        ],
      },
    });

  beforeAll(async () => {
    const program = { name: "Winter", description: "Heating", unit: "EUR", virtualBudget: 1000 };
    expectFailure(
      await platform("/programs", { token: reviewer.token, body: program }),
      403,
      "Forbidden",
      "Forbidden",
      forbidden("manage programs, their channels and budgets"),
    );
    programId = dataOf(await platform("/programs", { token: manager.token, body: program })).id;
    dataOf(
      await platform(`/programs/${programId}/channels`, {
        token: manager.token,
        body: { channelId: approved.channelId },
      }),
    );
  });

  it("lists and shows the program with its channel and budget (minor units as text)", async () => {
    const list = await everyPage("/programs", auditor.token);
    expect(list.find((row: { id: string }) => row.id === programId).budget.limitMinor).toBe("100000");
    const one = dataOf(await platform(`/programs/${programId}`, { token: auditor.token }));
    expect(one.channels.map((channel: { id: string }) => channel.id)).toEqual([approved.channelId]);
  });

  it("sends a delivery request once per Idempotency-Key, lists and shows it, and refunds a delivery once", async () => {
    const key = randomUUID();
    const first = await send(key);
    const sent = dataOf(first);
    expect(sent).toMatchObject({ totalMinor: "1450", unit: "EUR", approvalState: "SENT", replayed: false });
    const again = await send(key);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(dataOf(again)).toEqual(sent);
    const list = dataOf(await platform(`/programs/${programId}/delivery-requests`, { token: auditor.token }));
    expect(list.items.map((row: { id: string }) => row.id)).toEqual([sent.deliveryRequestId]);
    const one = dataOf(
      await platform(`/delivery-requests/${sent.deliveryRequestId}`, { token: auditor.token }),
    );
    const ids = (read: { deliveries: { beneficiaryId: string }[] }) =>
      read.deliveries.map((row) => row.beneficiaryId);
    // A beneficiary id identifies a person: masked to an auditor (issue 36, item 2)...
    expect(ids(one)).toEqual(["•••-1", "•••-2"]);
    // ...in clear to a program manager who says why.
    const inClear = dataOf(
      await platform(`/delivery-requests/${sent.deliveryRequestId}?purpose=payment_query`, {
        token: manager.token,
      }),
    );
    expect(ids(inClear)).toEqual(["BEN-1", "BEN-2"]);
    const refund = `/deliveries/${one.deliveries[0].id}/refund`;
    expectFailure(
      await platform(refund, { token: auditor.token, body: { reason: "x" } }),
      403,
      "Forbidden",
      "Forbidden",
    );
    expect(dataOf(await platform(refund, { token: manager.token, body: { reason: "Paid twice" } }))).toEqual({
      state: "REQUESTED",
    });
    expectFailure(
      await platform(refund, { token: manager.token, body: { reason: "Again" } }),
      409,
      "Conflict",
      "Conflict",
      "A refund of this delivery was already requested.",
    );
  });

  it("names every bad row of a send and sends nothing", async () => {
    const reply = await platform(`/programs/${programId}/delivery-requests`, {
      token: manager.token,
      body: {
        channelId: approved.channelId,
        description: "Bad",
        deliveries: [
          { beneficiaryId: "B", amount: -1 },
          { beneficiaryId: "C", amount: 1.234 },
        ],
      },
    });
    expectFailure(
      reply,
      400,
      "ValidationError",
      "Invalid Request Body",
      /deliveries\[0\]\.amount.*deliveries\[1\]\.amount/,
    );
  });
});
