/**
 * The money model's days (issue 32, item 6). A period can be closed only once it has ended, and a
 * test cannot wait for midnight, so the model's sends are dated to model days in the past: a send's
 * request and its reservation are dated to the model's current day, as if sent then (as
 * tests/domain/reconciliation/period-close.test.ts does), and closing that day ends it, so later
 * sends are dated to the next. Outcomes, refunds, uploads and adjustments happen now, after every
 * model day, as they happen after a period's end.
 */
import { db } from "../../../lib/db";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Model day 0: far enough back that no other test's period is on it or after it. */
const FIRST_DAY = Math.floor(Date.now() / DAY_MS) * DAY_MS - 4000 * DAY_MS;

/** The model day as the period forms write it (YYYY-MM-DD). */
export const dayText = (day: number) => new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10);

/** Dates the request `sequence` seconds into model day `day`: its creation, its decision, its reservation. */
export async function dateSendTo(requestId: string, day: number, sequence: number) {
  const at = new Date(FIRST_DAY + day * DAY_MS + sequence * 1000);
  await db().$transaction([
    db().deliveryRequest.update({ where: { id: requestId }, data: { createdAt: at } }),
    db().deliveryRequest.updateMany({
      where: { id: requestId, NOT: { decidedAt: null } },
      data: { decidedAt: at },
    }),
    db().budgetMovement.updateMany({
      where: { deliveryRequestId: requestId, kind: "RESERVED" },
      data: { at },
    }),
  ]);
}
