/**
 * What an upload reads of our records (issue 32, item 3): the deliveries its lines name, by our id
 * or by the provider's reference, and those sent in its period — only ever the provider's, only
 * ever sent (a request held for approval never reached the provider). Reads go a chunk of ids at a
 * time by their indexes, so a 100,000-line file at ten million deliveries reads what it names.
 */
import { db, MAX_BOUND_VALUES } from "../../db";
import type { OurDelivery } from "./classify-lines";
import type { FileLine } from "./statement-file";

const CHUNK = Math.floor(MAX_BOUND_VALUES / 2);

const SELECT = {
  id: true,
  amountMinor: true,
  status: true,
  providerDeliveryId: true,
  deliveredAt: true,
  deliveredAmountMinor: true,
  revertedAt: true,
  refundRequestedAt: true,
  deliveryRequest: { select: { unit: true, approvalState: true, channel: { select: { providerId: true } } } },
} as const;

type Row = {
  id: string;
  amountMinor: bigint;
  status: string;
  providerDeliveryId: string | null;
  deliveredAt: Date | null;
  deliveredAmountMinor: bigint | null;
  revertedAt: Date | null;
  refundRequestedAt: Date | null;
  deliveryRequest: { unit: string; approvalState: string; channel: { providerId: string } };
};

const ours = (row: Row): OurDelivery => ({
  id: row.id,
  amountMinor: row.amountMinor,
  unit: row.deliveryRequest.unit,
  status: row.status,
  providerDeliveryId: row.providerDeliveryId,
  deliveredAmountMinor: row.deliveredAmountMinor,
  delivered: row.deliveredAt !== null,
  reverted: row.revertedAt !== null,
  refundRequested: row.refundRequestedAt !== null,
});

const sentTo = (providerId: string) => (row: Row) =>
  row.deliveryRequest.approvalState === "SENT" && row.deliveryRequest.channel.providerId === providerId;

async function readBy(field: "id" | "providerDeliveryId", values: string[], providerId: string) {
  const found: OurDelivery[] = [];
  const distinct = [...new Set(values)];
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const rows: Row[] = await db().delivery.findMany({
      where: { [field]: { in: distinct.slice(i, i + CHUNK) } },
      select: SELECT,
    });
    found.push(...rows.filter(sentTo(providerId)).map(ours));
  }
  return found;
}

/**
 * The deliveries the lines name: a line with our id is matched by it alone (a wrong id is an unknown
 * delivery, whatever its reference); a line with only the provider's reference, by that.
 */
export async function deliveriesNamed(providerId: string, lines: FileLine[]) {
  const byId = new Map(
    (
      await readBy(
        "id",
        lines.flatMap((line) => line.deliveryId || []),
        providerId,
      )
    ).map((d) => [d.id, d]),
  );
  const referenced = lines.flatMap((line) => (line.deliveryId ? [] : line.reference || []));
  const byReference = new Map<string, OurDelivery>();
  // Two of the provider's deliveries with one reference: the first sent answers it (ids are uuid v7).
  for (const delivery of (await readBy("providerDeliveryId", referenced, providerId)).sort((a, b) =>
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

/** The deliveries of the requests sent to the provider in the period. */
export async function sentInPeriod(providerId: string, period: { start: Date; end: Date }) {
  const requests = await db().deliveryRequest.findMany({
    where: {
      channel: { providerId },
      approvalState: "SENT",
      createdAt: { gte: period.start, lt: period.end },
    },
    select: { id: true },
  });
  const sent: OurDelivery[] = [];
  for (let i = 0; i < requests.length; i += CHUNK) {
    const rows: Row[] = await db().delivery.findMany({
      where: { deliveryRequestId: { in: requests.slice(i, i + CHUNK).map((r) => r.id) } },
      select: SELECT,
    });
    sent.push(...rows.map(ours));
  }
  return sent;
}
