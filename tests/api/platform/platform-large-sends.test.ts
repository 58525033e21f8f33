/**
 * The platform API's send at the size the contract allows (MAX_DELIVERIES rows), over real HTTP:
 * the body guard sized for the provider API's small bodies must not refuse it, while a body past
 * the send's own limits is still refused in the envelope before it is parsed. On a server of its
 * own: several of these sends next to the other files' largest pages, on the shared server with its
 * 256 MB heap, ran it out of heap in CI (the server was restarted mid-file).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DELIVERY_OPTIONS } from "../../../lib/contract/channel";
import { MAX_DELIVERIES } from "../../../lib/contract/delivery-limits";
import { db, disconnectDb } from "../../../lib/db";
import { expectFailure } from "../../support/http/envelope";
import { servingChannel } from "../../support/money/money-setup";
import { dataOf, type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";

const own = ownServer();
afterAll(() => disconnectDb()); // before the server's database is dropped (hooks run in reverse)
let manager: PlatformUser;
let setup: Awaited<ReturnType<typeof servingChannel>>;

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  manager = await platformUser(["program_manager"]);
  setup = await servingChannel(undefined, "EUR", 1e9);
});

const rows = (count: number, tag: string, beneficiaryLength = 12) =>
  Array.from({ length: count }, (_, n) => ({
    beneficiaryId: `${tag}-${n}-`.padEnd(beneficiaryLength, "x"),
    amount: 1 + (n % 50),
    options: { phone: `+359888${String(n).padStart(6, "0")}` },
  }));

const send = (deliveries: unknown[], description = "Full send") =>
  platform(`/programs/${setup.programId}/delivery-requests`, {
    baseUrl: own.server().baseUrl,
    token: manager.token,
    body: { channelId: setup.channelId, description, deliveries },
  });

describe("a send of the most deliveries a request may hold", () => {
  it(`sends ${MAX_DELIVERIES.toLocaleString("en")} rows with their options`, async () => {
    const deliveries = rows(MAX_DELIVERIES, "full");
    const sent = dataOf(await send(deliveries));
    expect(sent.approvalState).toBe("SENT");
    const expected = deliveries.reduce((sum, row) => sum + row.amount * 100, 0);
    expect(sent.totalMinor).toBe(String(expected));
    const stored = await db().deliveryRequest.findUniqueOrThrow({ where: { id: sent.deliveryRequestId } });
    expect(stored.deliveryCount).toBe(MAX_DELIVERIES);
    expect(await db().delivery.count({ where: { deliveryRequestId: sent.deliveryRequestId } })).toBe(
      MAX_DELIVERIES,
    );
  });

  it("sends them with beneficiary ids of the longest length the send accepts", async () => {
    const sent = dataOf(await send(rows(MAX_DELIVERIES, "long", 128), "Long ids"));
    expect(sent.approvalState).toBe("SENT");
  });

  it("refuses one row more by the schema's own message, sending nothing", async () => {
    const before = await db().deliveryRequest.count({ where: { programId: setup.programId } });
    const reply = await send(rows(MAX_DELIVERIES + 1, "over"), "One too many");
    expectFailure(reply, 400, "ValidationError", "Invalid Request Body", /at most 10000 deliveries/);
    expect(await db().deliveryRequest.count({ where: { programId: setup.programId } })).toBe(before);
  });

  it("refuses, unparsed, a body holding more values than any valid send", async () => {
    const options = Object.fromEntries(
      Array.from({ length: MAX_DELIVERY_OPTIONS + 2 }, (_, k) => [`o${k}`, "1"]),
    );
    const deliveries = Array.from({ length: MAX_DELIVERIES }, (_, n) => ({
      beneficiaryId: `v${n}`,
      amount: 1,
      options,
    }));
    const reply = await send(deliveries, "Too many values");
    expectFailure(reply, 400, "ValidationError", "Invalid Request Body", /holds more than/);
  });

  it("refuses a body past the send's size limit with 413", async () => {
    const reply = await send(rows(10, "big").map((row) => ({ ...row, pad: "x".repeat(1_000_000) })));
    expectFailure(reply, 413, "PayloadTooLarge", "Payload Too Large");
  });
});
