/**
 * The console's program page on the real database: each serving channel with its name, its budget
 * (every channel's in one query), the columns of a send's rows and whether it receives sends now.
 */
import { expect, it } from "vitest";
import { programDetail } from "@/lib/domain/programs";
import { MANAGER } from "../support/actors";
import { approvedChannel, delivery, PHONE_OPTION, programWith, sendThrough } from "../support/money-setup";
import { openTestDb } from "../support/test-db";

const database = openTestDb();

it("lists each channel with its budget, its send columns and whether it can be sent to", async () => {
  const used = await approvedChannel({ currency: "EUR", amount: 500 }, "Used budget");
  const unused = await approvedChannel({ currency: "EUR", amount: 500 }, "Unused budget", []);
  const offline = await approvedChannel(undefined, "Offline");
  await database()
    .db()
    .channel.update({ where: { id: offline.channelId }, data: { status: "OFFLINE" } });
  const programId = await programWith(1000, [used.channelId, unused.channelId, offline.channelId]);
  await sendThrough({ programId, channelId: used.channelId }, "Winter", [delivery(10)]);

  const program = await programDetail(MANAGER, programId);
  expect(program?.virtualBudget).toMatchObject({ limitMinor: 100_000n, reservedMinor: 1_000n });
  const byName = Object.fromEntries((program?.channels ?? []).map((channel) => [channel.name, channel]));
  expect(byName["Used budget"]).toMatchObject({
    sendable: true,
    hasBudgetAmount: true,
    budget: { limitMinor: 50_000n, reservedMinor: 1_000n, movements: [{ kind: "RESERVED" }] },
    columns: [{ name: PHONE_OPTION.fieldName, label: PHONE_OPTION.fieldLabel, required: true }],
  });
  expect(byName["Unused budget"]).toMatchObject({
    sendable: true,
    hasBudgetAmount: true,
    budget: null,
    columns: [],
  });
  expect(byName.Offline).toMatchObject({ sendable: false, hasBudgetAmount: false, budget: null });
  expect(await programDetail(MANAGER, "no-such-program")).toBeNull();
});
