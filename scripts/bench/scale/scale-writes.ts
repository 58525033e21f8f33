/**
 * bench:scale's writes at volume (issue 16, "deliveries at volume"): with the program's deliveries
 * stored, a send of MAX_DELIVERIES rows through the platform API (what the console's CSV upload sends
 * after parsing, through the same sendDeliveryRequest), the provider's Delivery/Sync of a full list
 * (1,000 outcomes, the contract's most; 10,000 outcomes are ten of them) and a refund request. Each
 * call is a real change: a send of new beneficiaries, outcomes that alternate between two statuses,
 * and a refund of a delivery not refunded before.
 */
import { MAX_DELIVERIES } from "../../../lib/contract/delivery-limits";
import { db } from "../../../lib/db";
import { deliveriesOf } from "./scale-deliveries";
import type { Target } from "./scale-targets";
import type { World } from "./scale-world";

const PLATFORM = "/api/platform/v1";
/** Beneficiaries of the bench's own sends: far past the seeded sends' numbers. */
const FIRST_SEND = 100_000_000;
let sends = 0;
let syncs = 0;
let refunds = 0;

/** The deliveries of the program's two newest requests: one for Delivery/Sync, one for the refunds. */
async function newestDeliveries(programId: string): Promise<[string[], string[]] | undefined> {
  const requests = await db().deliveryRequest.findMany({
    where: { programId },
    orderBy: { createdAt: "desc" },
    take: 2,
    select: { id: true },
  });
  if (requests.length < 2) return undefined;
  const idsOf = async (deliveryRequestId: string) =>
    (await db().delivery.findMany({ where: { deliveryRequestId }, select: { id: true }, take: 1_000 })).map(
      (delivery) => delivery.id,
    );
  return [await idsOf(requests[0]!.id), await idsOf(requests[1]!.id)];
}

export async function deliveryWrites(world: World): Promise<Target[]> {
  const target = world.target;
  if (!target) return [];
  const found = await newestDeliveries(target.programId);
  if (!found) return [];
  const [synced, refunded] = found;
  const send = () =>
    JSON.stringify({
      channelId: target.channelId,
      description: `bench:scale send ${sends}`,
      deliveries: deliveriesOf(FIRST_SEND + sends++, MAX_DELIVERIES),
    });
  const sync = () => {
    const status = syncs++ % 2 ? "DELIVERY_PENDING" : "DELIVERY_READY_TO_COLLECT";
    return JSON.stringify({ deliveryList: synced.map((deliveryId) => ({ deliveryId, status })) });
  };
  return [
    {
      name: `platform POST send of ${MAX_DELIVERIES.toLocaleString("en-US")}`,
      auth: "token",
      method: "POST",
      path: `${PLATFORM}/programs/${target.programId}/delivery-requests`,
      body: send,
    },
    {
      name: `API Delivery/Sync of ${synced.length.toLocaleString("en-US")}`,
      auth: "key",
      method: "POST",
      path: "/api/Delivery/Sync",
      body: sync,
    },
    {
      name: "platform POST refund",
      auth: "token",
      method: "POST",
      path: `${PLATFORM}/deliveries/<id>/refund`,
      url: () => `${PLATFORM}/deliveries/${refunded[refunds++ % refunded.length]}/refund`,
      body: () => JSON.stringify({ reason: "bench:scale" }),
    },
  ];
}
