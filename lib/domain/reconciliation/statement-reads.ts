/**
 * What an upload reads of our records (issue 32, item 3): the deliveries its lines name, by our id
 * or by the provider's reference, and those sent in its period that no line names — only ever the
 * provider's, only ever sent (a request held for approval never reached the provider). Reads go a
 * chunk at a time by their indexes and keep only flat columns: a 100,000-line file read with each
 * delivery's request nested in it, and its period's deliveries read in one query, ran the server's
 * 256 MB heap out (bench:scale); so did a one-line file's period of 100,000 deliveries read whole
 * before its breaks were kept (tests/api/reconciliation/largest-upload.test.ts).
 */
import { db, readDeliveryIdsOf, readStatementDeliveries, type Tx } from "../../db";
import type { OurDelivery } from "./classify-lines";
import type { FileLine } from "./statement-file";

/** Requests whose deliveries' ids are read at once (each holds up to 10,000). */
const REQUESTS_AT_ONCE = 5;
/** The deliveries a file lacks, read and handed on at a time. */
const MISSING_AT_ONCE = 5000;

/**
 * The deliveries the lines name, read through `tx`: a line with our id is matched by it alone (a
 * wrong id is an unknown delivery, whatever its reference); a line with only the provider's
 * reference, by that. `byId` holds every one read, for Sync's code path to apply their outcomes.
 */
export async function deliveriesNamed(tx: Tx, providerId: string, lines: FileLine[]) {
  const readBy = (by: "id" | "providerDeliveryId", values: string[]) =>
    readStatementDeliveries(tx, providerId, by, values);
  const byId = new Map(
    (
      await readBy(
        "id",
        lines.flatMap((line) => line.deliveryId || []),
      )
    ).map((d) => [d.id, d]),
  );
  const referenced = lines.flatMap((line) => (line.deliveryId ? [] : line.reference || []));
  const byReference = new Map<string, OurDelivery>();
  // Two of the provider's deliveries with one reference: the first sent answers it (ids are uuid v7).
  for (const delivery of (await readBy("providerDeliveryId", referenced)).sort((a, b) =>
    a.id.localeCompare(b.id),
  )) {
    if (!byReference.has(delivery.providerDeliveryId!))
      byReference.set(delivery.providerDeliveryId!, delivery);
    byId.set(delivery.id, delivery);
  }
  return {
    byId: byId as ReadonlyMap<string, OurDelivery>,
    of: (line: FileLine): OurDelivery | undefined =>
      line.deliveryId
        ? byId.get(line.deliveryId)
        : line.reference
          ? byReference.get(line.reference)
          : undefined,
  };
}

type Period = { start: Date; end: Date };

/** The requests sent to the provider in the period. */
const sentIn = (providerId: string, period: Period) => ({
  channel: { providerId },
  approvalState: "SENT",
  createdAt: { gte: period.start, lt: period.end },
});

/** How many deliveries were sent to the provider in the period (the requests' own counts). */
export async function sentInPeriodCount(providerId: string, period: Period): Promise<number> {
  const { _sum } = await db().deliveryRequest.aggregate({
    where: sentIn(providerId, period),
    _sum: { deliveryCount: true },
  });
  return _sum.deliveryCount ?? 0;
}

/**
 * The deliveries of the requests sent to the provider in the period that `named` lacks, read through
 * `tx` (the transaction that keeps them as breaks) 5,000 at a time: the caller writes each part
 * before the next is read, so a period's are never all held at once.
 */
export async function* sentInPeriodExcept(
  tx: Tx,
  providerId: string,
  period: Period,
  named: ReadonlySet<string>,
): AsyncGenerator<OurDelivery[]> {
  const requests = await tx.deliveryRequest.findMany({
    where: sentIn(providerId, period),
    select: { id: true },
    orderBy: { id: "asc" },
  });
  for (let i = 0; i < requests.length; i += REQUESTS_AT_ONCE) {
    const some = requests.slice(i, i + REQUESTS_AT_ONCE).map((request) => request.id);
    const lacking = (await readDeliveryIdsOf(tx, providerId, some)).filter((id) => !named.has(id));
    for (let j = 0; j < lacking.length; j += MISSING_AT_ONCE)
      yield await readStatementDeliveries(tx, providerId, "id", lacking.slice(j, j + MISSING_AT_ONCE));
  }
}
