/**
 * Hostile requests to the platform API: odd path segments, bad filters, bodies of the wrong type,
 * size or depth, wrong methods and content types, a reused Idempotency-Key. Every answer is a 4xx
 * in the contract's envelope, never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "../../support/http/envelope";
import {
  dataOf,
  type PlatformUser,
  platform,
  platformUser,
  requestedChannel,
  V1,
} from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
let admin: PlatformUser;
let manager: PlatformUser;
let reviewer: PlatformUser;

beforeAll(async () => {
  [admin, manager, reviewer] = await Promise.all([
    platformUser(["administrator", "reviewer"]),
    platformUser(["program_manager"]),
    platformUser(["reviewer"]),
  ]);
});

describe("odd paths", () => {
  it.each([
    "/channel-requests/%00",
    "/channel-requests/%ED%A0%80",
    "/channel-requests/%",
    "/channel-requests/..%2F..%2Fetc",
    `/channels/${"x".repeat(4000)}`,
    "/programs/%00/delivery-requests",
    "/delivery-requests/'%20OR%201=1%20--",
    "/providers/%F0%9F%91%A9",
  ])("GET %s is a 404 in the envelope", async (path) => {
    expectFailure(await platform(path, { token: admin.token }), 404, "NotFound", "Not Found");
  });

  it.each([
    "/channel-requests/%00/approve",
    "/webhook-events/%00/replay",
    "/providers/%00/keys",
    "/beneficiary-erasures/%00/approve",
    "/beneficiary-erasures/%ED%A0%80/reject",
  ])("POST %s is a 404 in the envelope", async (path) => {
    expectFailure(await platform(path, { token: admin.token, method: "POST" }), 404, "NotFound", "Not Found");
  });

  it.each(["/nope", "/channels/", "/channel-requests//approve", "/programs/a/b/c"])(
    "%s names no operation: 404",
    async (path) => {
      expectFailure(await platform(path, { token: admin.token }), 404, "NotFound", "Not Found");
    },
  );

  it("answers a wrong method 405 naming the methods of the path", async () => {
    const reply = await platform("/programs", { token: admin.token, method: "DELETE" });
    expectFailure(reply, 405, "MethodNotAllowed", "Method Not Allowed", "Allowed: GET, POST");
    expect(reply.response.headers.get("allow")).toBe("GET, POST");
  });
});

describe("bad filters", () => {
  it.each([
    ["/channel-requests?state=NOPE", /state/],
    ["/channel-requests?colour=blue", /colour: Unknown property/],
    ["/channels?page=2", /page: Unknown property/],
    ["/channels?after=", /after/],
    ["/channels?before=not-a-cursor", /before is not a cursor this list gave/],
    [`/channel-requests?after=${"x".repeat(600)}`, /after/],
    ["/programs?after=x", /after is not a cursor this list gave/],
    ["/providers?sort=name", /sort: Unknown property/],
    ["/channels?country=%00", /country/],
    ["/channels?provider=%00", /provider/],
    ["/channel-requests?provider=a%00b", /provider/],
    ["/webhook-events?eventType=%00", /eventType/],
    ["/webhook-events?outcome=", /outcome/],
  ])("%s is a 400 naming the filter", async (path, message) => {
    expectFailure(
      await platform(path, { token: admin.token }),
      400,
      "ValidationError",
      "Invalid Query Parameters",
      message,
    );
  });

  it("ignores malformed audit filters, as the console does", async () => {
    expect(dataOf(await platform("/audit?from=yesterday&action=%00", { token: admin.token }))).toMatchObject({
      entries: expect.any(Array),
    });
  });
});

describe("bad bodies", () => {
  const program = { name: "P", description: "", unit: "EUR", virtualBudget: 10 };
  const cursor = { category: "CASH" };

  it.each([
    ["/programs", { ...program, virtualBudget: "10" }, /virtualBudget/],
    ["/programs", { ...program, virtualBudget: 1e308 }, /virtualBudget/],
    ["/programs", { ...program, unit: { $gt: "" } }, /unit/],
    ["/programs", { ...program, extra: 1 }, /extra: Unknown property/],
    ["/programs", { ...program, retentionDays: 0 }, /retentionDays: must be at least 1 day/],
    ["/programs", { ...program, retentionDays: 3651 }, /retentionDays: must be at most 3650 days/],
    ["/programs", { ...program, retentionDays: "a year" }, /retentionDays: must be a whole number of days/],
    ["/programs", { ...program, retentionDays: 1.5 }, /retentionDays: must be a whole number of days/],
    ["/programs", [program], /./],
    ["/programs", null, /./],
    ["/eligibility", { ...cursor, after: "nope" }, /after is not a cursor this list gave/],
    ["/eligibility", { ...cursor, before: "x\u0000y" }, /before: must not contain the NUL/],
    ["/eligibility", { ...cursor, after: "a".repeat(513) }, /after: is too long/],
    ["/eligibility", { ...cursor, after: 5 }, /after/],
  ])("POST %s %j is a 400 naming what is wrong", async (path, body, message) => {
    // A program manager may create programs and ask for eligibility alike.
    expectFailure(
      await platform(path, { token: manager.token, body }),
      400,
      "ValidationError",
      "Invalid Request Body",
      message,
    );
  });

  const erasure = { beneficiaryId: "BEN-1", reference: "DSR-1" };
  it.each([
    [{ ...erasure, beneficiaryId: 5 }, /beneficiaryId/],
    [{ ...erasure, beneficiaryId: "x".repeat(129) }, /beneficiaryId: must be at most 128 characters/],
    [{ ...erasure, beneficiaryId: "a\u0000b" }, /beneficiaryId: must not contain the NUL/],
    [{ ...erasure, reference: "   " }, /reference: Enter the reference of the erasure request/],
    [{ ...erasure, reference: "r".repeat(201) }, /reference: must be at most 200 characters/],
    [{ ...erasure, extra: 1 }, /extra: Unknown property/],
    [[erasure], /./],
  ])("POST /beneficiary-erasures %j is a 400 naming what is wrong", async (body, message) => {
    expectFailure(
      await platform("/beneficiary-erasures", { token: admin.token, body }),
      400,
      "ValidationError",
      "Invalid Request Body",
      message,
    );
  });

  it("refuses a role without the permission before reading the body: 403, not 400", async () => {
    const auditor = await platformUser(["auditor"]);
    expectFailure(
      await platform("/programs", { token: auditor.token, body: '{"name":' }),
      403,
      "Forbidden",
      "Forbidden",
      "Your role does not allow you to manage programs, their channels and budgets.",
    );
  });

  it("refuses a deep, a malformed, a NUL-holding and a huge body", async () => {
    const deep = `{"name":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    expect((await platform("/programs", { token: manager.token, body: deep })).status).toBe(400);
    expect((await platform("/programs", { token: manager.token, body: '{"name":' })).status).toBe(400);
    expect(
      (await platform("/programs", { token: manager.token, body: { ...program, name: "a\u0000b" } })).status,
    ).toBe(400);
    const huge = JSON.stringify({ ...program, description: "x".repeat(3 * 1024 * 1024) });
    expectFailure(
      await platform("/programs", { token: manager.token, body: huge }),
      413,
      "PayloadTooLarge",
      "Payload Too Large",
    );
  });

  it("refuses a wrong content type, and wrong types in a send's deliveries", async () => {
    const text = await platform("/providers", {
      token: admin.token,
      method: "POST",
      body: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expectFailure(text, 400, "ValidationError", "Invalid Request Body", /Content-Type/);
    const send = await platform("/programs/nope/delivery-requests", {
      token: manager.token,
      body: { channelId: "c", description: "d", deliveries: [{ beneficiaryId: 1, amount: "1" }] },
    });
    expectFailure(
      send,
      400,
      "ValidationError",
      "Invalid Request Body",
      /deliveries\[0\]\.beneficiaryId.*deliveries\[0\]\.amount/,
    );
    const reject = await platform("/channel-requests/x/reject", {
      token: reviewer.token,
      body: { reason: ["a"] },
    });
    expectFailure(reject, 400, "ValidationError", "Invalid Request Body", /reason/);
  });
});

describe("unknown programs", () => {
  it("answers 404 for a channel added to, or a send to, a program that does not exist", async () => {
    const reviewerToo = await platformUser(["reviewer"]);
    const provider = dataOf(
      await platform("/providers", { token: admin.token, body: { name: "Hostile provider" } }),
    );
    const channel = await requestedChannel(provider.key, reviewerToo, provider.id);
    dataOf(
      await platform(`/channel-requests/${channel.requestId}/approve`, {
        token: reviewerToo.token,
        method: "POST",
      }),
    );
    expectFailure(
      await platform("/programs/nope/channels", {
        token: manager.token,
        body: { channelId: channel.channelId },
      }),
      404,
      "NotFound",
      "Not Found",
      "No such program.",
    );
    const send = await platform("/programs/nope/delivery-requests", {
      token: manager.token,
      body: {
        channelId: channel.channelId,
        description: "d",
        deliveries: [{ beneficiaryId: "B", amount: 1 }],
      },
    });
    expectFailure(send, 404, "NotFound", "Not Found");
  });
});

describe("Idempotency-Key", () => {
  it("replays a write's answer per token, and refuses the key with another body", async () => {
    const headers = { "idempotency-key": `platform-${Date.now()}` };
    const body = { name: "Once", description: "", unit: "EUR", virtualBudget: 5 };
    const first = dataOf(await platform("/programs", { token: manager.token, body, headers }));
    const again = await platform("/programs", { token: manager.token, body, headers });
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(dataOf(again).id).toBe(first.id);
    expectFailure(
      await platform("/programs", { token: manager.token, body: { ...body, name: "Twice" }, headers }),
      422,
      "IdempotencyKeyReused",
      "Idempotency-Key Reused",
    );
    // Another token's same key is another request.
    const other = await platformUser(["program_manager"]);
    expect(dataOf(await platform("/programs", { token: other.token, body, headers })).id).not.toBe(first.id);
    expectFailure(
      await platform(`${V1}/programs`, { token: manager.token, body, headers: { "idempotency-key": "" } }),
      400,
      "ValidationError",
      "Invalid Request Header",
    );
  });
});
