/**
 * A separate process (own database connections) that makes many attempts at once, for the
 * no-overspend proof (tests/domain/programs/budgets-overspend.test.ts). Prints one JSON line with the outcomes.
 *   node --import tsx tests/support/money/send-attempts.ts send <programId> <channelId> <attempts> <amount>
 *   node --import tsx tests/support/money/send-attempts.ts revert <providerId> <deliveryId>...
 */
import { randomUUID } from "node:crypto";
import { disconnectDb } from "../../../lib/db";
import { sendDeliveryRequest, syncDeliveries } from "../../../lib/domain/deliveries";
import { DomainError } from "../../../lib/domain/errors";
import { MANAGER, providerKey } from "../users/actors";

const [mode, ...args] = process.argv.slice(2);

async function attempts(): Promise<Array<PromiseSettledResult<unknown>>> {
  if (mode === "send") {
    const [programId, channelId, count, amount] = args as [string, string, string, string];
    return Promise.allSettled(
      Array.from({ length: Number(count) }, (_, i) =>
        sendDeliveryRequest(MANAGER, {
          programId,
          channelId,
          description: `Proof ${process.pid}-${i}`,
          idempotencyKey: randomUUID(),
          deliveries: [
            {
              beneficiaryId: `b-${process.pid}-${i}-1`,
              amount: Number(amount) / 2,
              options: { phone: "+359 888 123" },
            },
            {
              beneficiaryId: `b-${process.pid}-${i}-2`,
              amount: Number(amount) / 2,
              options: { phone: "+359 888 456" },
            },
          ],
        }),
      ),
    );
  }
  const [providerId, ...deliveryIds] = args as [string, ...string[]];
  return Promise.allSettled(
    deliveryIds.map((deliveryId) =>
      syncDeliveries(providerKey(providerId), [{ deliveryId, status: "DELIVERY_REVERTED" }]),
    ),
  );
}

const results = await attempts();
const refused = results.flatMap((r) =>
  r.status === "rejected" && r.reason instanceof DomainError ? [r.reason.message] : [],
);
const failed = results.flatMap((r) =>
  r.status === "rejected" && !(r.reason instanceof DomainError) ? [String(r.reason)] : [],
);
console.log(
  JSON.stringify({ accepted: results.filter((r) => r.status === "fulfilled").length, refused, failed }),
);
await disconnectDb();
