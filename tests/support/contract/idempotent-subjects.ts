/**
 * The subjects of tests/support/contract/idempotent-operations.ts, made through the domain in a fresh
 * database as the console would: a provider with a key, platform users of each role, a program whose
 * sends and refunds above 10 EUR wait for one approval, and a request, refund or channel request
 * of its own for each operation to act on.
 */
import { randomUUID } from "node:crypto";
import { decideChannelRequest, requestChannelCreate } from "../../../lib/domain/channels";
import { sendDeliveryRequest } from "../../../lib/domain/deliveries";
import { issueApiKey } from "../../../lib/domain/keys";
import { requestRefund, setApprovalPolicy } from "../../../lib/domain/payments";
import { addChannelToProgram, createProgram } from "../../../lib/domain/programs";
import { createProvider } from "../../../lib/domain/providers";
import { minimalChannelBody } from "../channels/channel-bodies";
import { platformUser } from "../platform/platform-api";
import type { OwnDatabase } from "../server/own-database";
import { ADMIN, MANAGER, providerActor, reviewerActor } from "../users/actors";

export async function idempotentSubjects(database: OwnDatabase) {
  const db = () => database.db();
  const provider = await createProvider(ADMIN, `Crash provider ${randomUUID()}`);
  const { key: apiKey } = await issueApiKey(ADMIN, provider.id);
  const actor = providerActor(provider.id);
  const newChannel = async (approve: boolean) => {
    const id = `crash-${randomUUID()}`;
    await requestChannelCreate(actor, {
      ...minimalChannelBody(id),
      deliveryOptions: [{ fieldLabel: "Phone", fieldName: "phone", dataType: "STRING", isRequired: true }],
    } as never);
    const channel = await db().channel.findFirstOrThrow({
      where: { providerDeliveryChannelId: id },
      include: { requests: true },
    });
    if (approve)
      await decideChannelRequest(reviewerActor("admin", null), channel.requests[0]!.id, { approve: true });
    return { id, channelId: channel.id, requestId: channel.requests[0]!.id };
  };
  const admin = await platformUser(["administrator"]);
  const reviewer = await platformUser(["reviewer"]);
  const manager = await platformUser(["program_manager"]);
  const approver = await platformUser(["finance_approver"]);

  // A program whose sends and refunds above 10 wait for one finance approval.
  const serving = await newChannel(true);
  const program = await createProgram(MANAGER, {
    name: "Crash",
    description: "",
    unit: "EUR",
    virtualBudget: 1e6,
  });
  await addChannelToProgram(MANAGER, program.id, serving.channelId);
  await setApprovalPolicy(ADMIN, {
    programId: program.id,
    deliveryThreshold: 10,
    deliveryApprovalsRequired: 1,
    refundThreshold: 10,
    refundApprovalsRequired: 1,
  });
  const send = async (amount: number) => {
    const sent = await sendDeliveryRequest(MANAGER, {
      idempotencyKey: randomUUID(),
      programId: program.id,
      channelId: serving.channelId,
      description: `Send of ${amount}`,
      deliveries: [{ beneficiaryId: `b-${randomUUID()}`, amount, options: { phone: "+359888" } }],
    });
    const deliveries = await db().delivery.findMany({ where: { deliveryRequestId: sent.deliveryRequestId } });
    return { requestId: sent.deliveryRequestId, deliveryId: deliveries[0]!.id };
  };
  const small = await send(5);
  const held = await send(50);
  const heldToReject = await send(60);
  // A refund above the threshold of a request that was sent: held for one approval.
  const heldRefundOf = async (amount: number) => {
    const { requestId, deliveryId } = await send(amount);
    await db().deliveryRequest.update({ where: { id: requestId }, data: { approvalState: "SENT" } });
    await requestRefund(MANAGER, deliveryId, "Paid twice");
    return db().refundRequest.findFirstOrThrow({ where: { deliveryId } });
  };
  const heldRefund = await heldRefundOf(70);
  const heldRefundToReject = await heldRefundOf(80);
  const toApprove = await newChannel(false);
  const toReject = await newChannel(false);
  const toUpdate = await newChannel(false);
  const toLink = await newChannel(true);
  const refundDeliveryId = (await send(5)).deliveryId;
  const event = await db().outboxEvent.findFirstOrThrow({ where: { providerId: provider.id } });
  // A replay takes an event that has finished its deliveries.
  await db().outboxEvent.update({ where: { id: event.id }, data: { state: "FAILED" } });
  return {
    provider,
    apiKey,
    admin,
    reviewer,
    manager,
    approver,
    serving,
    program,
    small,
    held,
    heldToReject,
    heldRefund,
    heldRefundToReject,
    toApprove,
    toReject,
    toUpdate,
    toLink,
    refundDeliveryId,
    event,
  };
}
