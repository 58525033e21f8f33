/**
 * bench:scale's upload of a provider's statement (issue 32, item 3): a finance approver uploads the
 * provider's file for one day of seeded sends — 100,000 lines, each naming a delivery by our id with
 * its amount and "DELIVERED" — through the console's route, as the browser does. Each call is another
 * day's file, so each one matches 100,000 lines, finds what the file lacks in its period and applies
 * 100,000 outcomes through Sync's code path: the whole of an upload, never the repeat's short answer.
 */
import { DEFAULT_STATEMENT_MAPPING } from "../../../lib/contract/reconciliation/statement-upload-schema";
import { db } from "../../../lib/db";
import { fromMinor } from "../../../lib/domain/money";
import { SENDS_PER_DAY, sentAt } from "./scale-deliveries";
import type { Target } from "./scale-targets";
import type { World } from "./scale-world";

/** Calls of one target: bench:scale's warm-up pass, the timing's warm-up, and its runs. */
const CALLS = (runs: number) => runs + 2;
const CHUNK = 400;

/** The day of seeded sends number `day` (0 = the first): its file of `DELIVERED` lines. */
async function dayFile(programId: string, day: number) {
  const start = sentAt(day * SENDS_PER_DAY);
  const end = sentAt((day + 1) * SENDS_PER_DAY);
  const requests = await db().deliveryRequest.findMany({
    where: { programId, createdAt: { gte: start, lt: end } },
    select: { id: true },
  });
  const lines = ["deliveryId,providerDeliveryId,amount,unit,status"];
  for (let i = 0; i < requests.length; i += CHUNK) {
    const deliveries = await db().delivery.findMany({
      where: { deliveryRequestId: { in: requests.slice(i, i + CHUNK).map((r) => r.id) } },
      select: { id: true, amountMinor: true },
    });
    for (const { id, amountMinor } of deliveries)
      lines.push(`${id},,${fromMinor(amountMinor).toFixed(2)},EUR,DELIVERED`);
  }
  return {
    day: start.toISOString().slice(0, 10),
    start,
    end,
    lines: lines.length - 1,
    csv: lines.join("\n"),
  };
}

export async function statementUploads(world: World, runs: number): Promise<Target[]> {
  const target = world.target;
  if (!target) return [];
  // Days that hold a whole day of sends, the newest first: the seeded days not yet reported.
  const files: Awaited<ReturnType<typeof dayFile>>[] = [];
  for (let day = 0; files.length < CALLS(runs); day++) {
    const file = await dayFile(target.programId, day);
    if (file.lines === 0) break;
    const period = { programId: target.programId, createdAt: { gte: file.start, lt: file.end } };
    const reported = await db().delivery.count({
      where: { deliveryRequest: period, deliveredAt: { not: null } },
    });
    if (reported === 0) files.push(file);
  }
  if (files.length < CALLS(runs)) return [];
  let call = 0;
  let again = 0;
  const upload = (file: (typeof files)[number], csv: string) =>
    JSON.stringify({
      provider: target.providerId,
      from: file.day,
      to: file.day,
      fileName: `bench-${file.day}.csv`,
      mapping: DEFAULT_STATEMENT_MAPPING,
      csv,
    });
  // The stream's last line is the result: a refusal or a fault is an answer of 200 too.
  const failed = (text: string) => !text.trim().split("\n").at(-1)?.includes('"ok":true');
  const lines = files[0]!.lines.toLocaleString("en-US");
  return [
    {
      name: `console upload of ${lines} lines, each applied`,
      auth: "admin",
      method: "POST",
      path: "/admin/statement/uploads/send",
      body: () => {
        const file = files[call++ % files.length]!;
        return upload(file, file.csv);
      },
      failed,
    },
    {
      // The same days again, now reported: every line matched, nothing to apply. A line of its own
      // per call makes each file new (the same file twice would answer the first upload).
      name: `console upload of ${lines} lines, already reported`,
      auth: "admin",
      method: "POST",
      path: "/admin/statement/uploads/send",
      body: () => {
        const file = files[again % files.length]!;
        return upload(file, `${file.csv}\nbench-${again++},,1.00,EUR,DELIVERED`);
      },
      failed,
    },
  ];
}
