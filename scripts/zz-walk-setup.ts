import { writeFileSync } from "node:fs";
import { DEMO_CHANNEL_ID } from "../lib/api/openapi/examples";
import { db } from "../lib/db";
import { sendDeliveryRequest } from "../lib/domain/deliveries";
import { operatorActor } from "../lib/domain/permissions";
import { addChannelToProgram, createProgram } from "../lib/domain/programs";
import { setReconciliationWindow, tellOverdueOutcomes } from "../lib/domain/reconciliation";

const op = operatorActor("walk");
const provider = await db().provider.findFirstOrThrow({ where: { name: "Demo Payouts" } });
const channel = await db().channel.findFirstOrThrow({
  where: { providerId: provider.id, providerDeliveryChannelId: DEMO_CHANNEL_ID },
});
const program = await createProgram(op, {
  name: "Winter cash 2026",
  description: "",
  unit: "EUR",
  virtualBudget: 5000,
});
await addChannelToProgram(op, program.id, channel.id);
const sent = await sendDeliveryRequest(op, {
  programId: program.id,
  channelId: channel.id,
  description: "November round",
  deliveries: [
    { beneficiaryId: "BEN-1", amount: 100, options: { phone: "+359888000001" } },
    { beneficiaryId: "BEN-2", amount: 75.5, options: { phone: "+359888000002" } },
    { beneficiaryId: "BEN-3", amount: 40, options: { phone: "+359888000003" } },
  ],
  idempotencyKey: crypto.randomUUID(),
});
const late = await sendDeliveryRequest(op, {
  programId: program.id,
  channelId: channel.id,
  description: "October round",
  deliveries: [{ beneficiaryId: "BEN-4", amount: 60, options: { phone: "+359888000004" } }],
  idempotencyKey: crypto.randomUUID(),
});
await setReconciliationWindow(op, { programId: program.id, windowDays: 14 });
// October's round was sent three weeks ago.
await db().deliveryRequest.update({
  where: { id: late.deliveryRequestId },
  data: { createdAt: new Date(Date.now() - 21 * 86_400_000) },
});
console.log("told", await tellOverdueOutcomes());
const deliveries = await db().delivery.findMany({
  where: { deliveryRequestId: sent.deliveryRequestId },
  orderBy: { amountMinor: "desc" },
  select: { id: true, amountMinor: true },
});
writeFileSync(
  "/tmp/walk-world.json",
  JSON.stringify({ providerId: provider.id, programId: program.id, deliveries }, (_k, v) =>
    typeof v === "bigint" ? Number(v) : v,
  ),
);
console.log("ok");
process.exit(0);
