/**
 * What an upload reads of our records (issue 32, item 3): the deliveries its lines name, by our id
 * or by the provider's reference, and those sent in its period that no line names — only ever the
 * provider's, only ever sent (a request held for approval never reached the provider). Reads go a
 * chunk at a time by their indexes and keep only flat columns: a 100,000-line file read with each
 * delivery's request nested in it, and its period's deliveries read in one query, ran the server's
 * 256 MB heap out (bench:scale).
 */
import { db, MAX_BOUND_VALUES } from "../../db";
import type { OurDelivery } from "./classify-lines";
import type { FileLine } from "./statement-file";

const CHUNK = Math.floor(MAX_BOUND_VALUES / 2);
/** Requests whose deliveries are read at once (each holds up to 10,000). */
const REQUESTS_AT_ONCE = 5;

const SELECT = {
  id: true,
  deliveryRequestId: true,
  amountMinor: true,
  status: true,
  providerDeliveryId: true,
  deliveredAt: true,
  deliveredAmountMinor: true,
  revertedAt: true,
  refundRequestedAt: true,
} as const;

type Row = {
  id: string;
  deliveryRequestId: string;
  amountMinor: bigint;
  status: string;
  providerDeliveryId: string | null;
  deliveredAt: Date | null;
  deliveredAmountMinor: bigint | null;
  revertedAt: Date | null;
  refundRequestedAt: Date | null;
};

const ours = (row: Row, unit: string): OurDelivery => ({
  id: row.id,
  amountMinor: row.amountMinor,
  unit,
  status: row.status,
  providerDeliveryId: row.providerDeliveryId,
  deliveredAmountMinor: row.deliveredAmountMinor,
  delivered: row.deliveredAt !== null,
  reverted: row.revertedAt !== null,
  refundRequested: row.refundRequestedAt !== null,
});

/** The unit of each of the provider's sent requests, read once per request however many lines name it. */
class SentRequests {
  private readonly units = new Map<string, string | null>();
  constructor(private readonly providerId: string) {}

  async unitsOf(requestIds: string[]) {
    const unknown = [...new Set(requestIds)].filter((id) => !this.units.has(id));
    for (let i = 0; i < unknown.length; i += CHUNK) {
      const chunk = unknown.slice(i, i + CHUNK);
      const found = await db().deliveryRequest.findMany({
        where: { id: { in: chunk }, approvalState: "SENT", channel: { providerId: this.providerId } },
        select: { id: true, unit: true },
      });
      for (const id of chunk) this.units.set(id, null);
      for (const { id, unit } of found) this.units.set(id, unit);
    }
    return (id: string) => this.units.get(id) ?? null;
  }
}

async function readBy(field: "id" | "providerDeliveryId", values: string[], requests: SentRequests) {
  const found: OurDelivery[] = [];
  const distinct = [...new Set(values)];
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const rows: Row[] = await db().delivery.findMany({
      where: { [field]: { in: distinct.slice(i, i + CHUNK) } },
      select: SELECT,
    });
    const unitOf = await requests.unitsOf(rows.map((row) => row.deliveryRequestId));
    for (const row of rows) {
      const unit = unitOf(row.deliveryRequestId);
      if (unit !== null) found.push(ours(row, unit));
    }
  }
  return found;
}

/**
 * The deliveries the lines name: a line with our id is matched by it alone (a wrong id is an unknown
 * delivery, whatever its reference); a line with only the provider's reference, by that.
 */
export async function deliveriesNamed(providerId: string, lines: FileLine[]) {
  const requests = new SentRequests(providerId);
  const byId = new Map(
    (
      await readBy(
        "id",
        lines.flatMap((line) => line.deliveryId || []),
        requests,
      )
    ).map((d) => [d.id, d]),
  );
  const referenced = lines.flatMap((line) => (line.deliveryId ? [] : line.reference || []));
  const byReference = new Map<string, OurDelivery>();
  // Two of the provider's deliveries with one reference: the first sent answers it (ids are uuid v7).
  for (const delivery of (await readBy("providerDeliveryId", referenced, requests)).sort((a, b) =>
    a.id.localeCompare(b.id),
  ))
    if (!byReference.has(delivery.providerDeliveryId!))
      byReference.set(delivery.providerDeliveryId!, delivery);
  return {
    of: (line: FileLine): OurDelivery | undefined =>
      line.deliveryId
        ? byId.get(line.deliveryId)
        : line.reference
          ? byReference.get(line.reference)
          : undefined,
  };
}

/** The deliveries of the requests sent to the provider in the period that `named` lacks. */
export async function sentInPeriodExcept(
  providerId: string,
  period: { start: Date; end: Date },
  named: ReadonlySet<string>,
) {
  const requests = await db().deliveryRequest.findMany({
    where: {
      channel: { providerId },
      approvalState: "SENT",
      createdAt: { gte: period.start, lt: period.end },
    },
    select: { id: true, unit: true },
  });
  const missing: OurDelivery[] = [];
  for (let i = 0; i < requests.length; i += REQUESTS_AT_ONCE) {
    const some = requests.slice(i, i + REQUESTS_AT_ONCE);
    const unitOf = new Map(some.map((request) => [request.id, request.unit]));
    const rows: Row[] = await db().delivery.findMany({
      where: { deliveryRequestId: { in: some.map((request) => request.id) } },
      select: SELECT,
    });
    for (const row of rows)
      if (!named.has(row.id)) missing.push(ours(row, unitOf.get(row.deliveryRequestId)!));
  }
  return missing;
}
