/**
 * A program's retention period over the platform API (issue 36, item 4): an administrator sets it;
 * bad values are 400s naming the field; another role is refused and an unknown program is a 404.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../lib/db";
import { expectFailure } from "../../support/http/envelope";
import { dataOf, type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { openTestDb } from "../../support/server/test-db";

openTestDb();

let admin: PlatformUser;
let manager: PlatformUser;

beforeAll(async () => {
  [admin, manager] = await Promise.all([platformUser(["administrator"]), platformUser(["program_manager"])]);
});

describe("POST /programs/{programId}/retention", () => {
  it.each([
    [{ retentionDays: 0 }, /retentionDays: must be at least 1 day/],
    [{ retentionDays: 3651 }, /retentionDays: must be at most 3650 days/],
    [{ retentionDays: "1e3" }, /retentionDays: must be a whole number of days/],
    [{ retentionDays: -5 }, /retentionDays: must be at least 1 day/],
    [{ retentionDays: 30, programId: "other" }, /programId: Unknown property/],
    [{}, /retentionDays/],
    [null, /./],
  ])("POST /programs/{id}/retention %j is a 400 naming what is wrong", async (body, message) => {
    expectFailure(
      await platform("/programs/any-program/retention", { token: admin.token, body }),
      400,
      "ValidationError",
      "Invalid Request Body",
      message,
    );
  });

  it("sets a retention period only for an administrator, and only of a program that exists", async () => {
    const body = { name: "Retention", description: "", unit: "EUR", virtualBudget: 10 };
    const { id } = dataOf(await platform("/programs", { token: manager.token, body }));
    expect(
      dataOf(
        await platform(`/programs/${id}/retention`, { token: admin.token, body: { retentionDays: 45 } }),
      ),
    ).toEqual({ done: true });
    expect((await db().program.findUniqueOrThrow({ where: { id } })).retentionDays).toBe(45);
    expectFailure(
      await platform(`/programs/${id}/retention`, { token: manager.token, body: { retentionDays: 30 } }),
      403,
      "Forbidden",
      "Forbidden",
    );
    expectFailure(
      await platform("/programs/no-such-program/retention", {
        token: admin.token,
        body: { retentionDays: 30 },
      }),
      404,
      "NotFound",
      "Not Found",
      "No such program.",
    );
  });
});
