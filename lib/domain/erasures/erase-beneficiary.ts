/**
 * Erasing a beneficiary across all programs (issue 36): one administrator asks, another decides
 * (four eyes, as for money). Approving destroys the beneficiary's data key (crypto-shredding): every
 * value sealed with it — the deliveries' options wherever they are read from, the copies in the
 * erasure request itself — becomes unreadable at once, in every instance, with no row of the audit
 * trail rewritten, so the chain still verifies. The deliveries keep their amounts, dates and
 * statuses for the accounts; their beneficiary id, the program's pseudonym, is replaced by a
 * tombstone. One audit entry (`beneficiary.erased`, subject the beneficiary's ref) records who asked,
 * who approved, when and under which reference.
 */

import { isoSeconds } from "../../contract/envelope-schema";
import { say } from "../../contract/validation-messages";
import { db, isUniqueViolation, type Tx } from "../../db";
import { recordAudit } from "../audit";
import {
  beneficiaryRefs,
  dataKeysById,
  deliveriesOf,
  destroyRequestKeys,
  erasedBeneficiaryId,
  liveDataKeys,
  openValue,
  sealingKeyId,
  sealValue,
} from "../beneficiary-data";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { type Actor, authorize } from "../permissions";
import { queueEvent } from "../webhooks";

export const ERASURE_STATES = ["PENDING", "ERASED", "REJECTED"] as const;

function person(actor: Actor) {
  authorize(actor, "beneficiaries.erase");
  if (!actor.personId) throw forbidden(say("onlyPersonDecidesErasures"));
  return actor.personId;
}

/** Asks for the erasure of `beneficiaryId`; refused when nothing is held about it or one already waits. */
export async function requestErasure(actor: Actor, input: { beneficiaryId: string; reference: string }) {
  const requestedBy = person(actor);
  const beneficiaryId = input.beneficiaryId;
  const reference = input.reference.trim();
  if (!reference) throw invalid("reference", say("enterErasureReference"));
  const refOf = await beneficiaryRefs();
  const ref = refOf(beneficiaryId);
  return db().$transaction(async (tx) => {
    const held = await tx.delivery.findFirst({
      where: deliveriesOf(beneficiaryId, ref),
      select: { id: true },
    });
    if (!held) throw notFound(say("noDataAboutBeneficiary", { beneficiaryId }));
    const key = (await liveDataKeys(tx, [beneficiaryId], refOf)).get(beneficiaryId)!;
    let id: string;
    try {
      ({ id } = await tx.erasureRequest.create({
        data: {
          ref,
          sealedBeneficiaryId: sealValue(key, beneficiaryId),
          reference,
          requestedBy,
          pendingFor: ref,
        },
        select: { id: true },
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(say("erasureOfBeneficiaryAwaitsApproval"));
      throw error;
    }
    await recordAudit(tx, actor, {
      action: "beneficiary.erasure_requested",
      subjectType: "Beneficiary",
      subjectId: ref,
      detail: { erasureRequestId: id, reference },
      after: { state: "PENDING" },
    });
    return { erasureRequestId: id, ref };
  });
}

/** Approves (erases) or rejects a pending erasure; the administrator who asked may do neither. */
export async function decideErasure(
  actor: Actor,
  input: { erasureRequestId: string; decision: "approve" | "reject" },
) {
  const decidedBy = person(actor);
  return db().$transaction(async (tx) => {
    const request = await tx.erasureRequest.findUnique({ where: { id: input.erasureRequestId } });
    if (!request) throw notFound(say("noSuchErasureRequest"));
    if (request.state !== "PENDING") throw conflict(say("erasureNoLongerAwaits"));
    if (request.requestedBy === decidedBy) throw forbidden(say("youAskedForThisErasure"));
    const state = input.decision === "approve" ? "ERASED" : "REJECTED";
    // The state moves only from PENDING: of two decisions at once, one wins and the other is refused.
    const { count } = await tx.erasureRequest.updateMany({
      where: { id: request.id, state: "PENDING" },
      data: { state, pendingFor: null, decidedBy, decidedAt: new Date() },
    });
    if (count !== 1) throw conflict(say("erasureNoLongerAwaits"));
    const deliveriesErased = state === "ERASED" ? await erase(tx, request) : 0;
    if (state === "ERASED")
      await tx.erasureRequest.update({ where: { id: request.id }, data: { deliveriesErased } });
    await recordAudit(tx, actor, {
      action: state === "ERASED" ? "beneficiary.erased" : "beneficiary.erasure_rejected",
      subjectType: "Beneficiary",
      subjectId: request.ref,
      detail: {
        erasureRequestId: request.id,
        reference: request.reference,
        requestedBy: request.requestedBy,
        ...(state === "ERASED" ? { deliveriesErased } : {}),
      },
      before: { state: "PENDING" },
      after: { state },
    });
    return { state, deliveriesErased };
  });
}

/**
 * Renames the beneficiary's deliveries to the tombstone, empties the options of those stored before
 * sealing, and destroys the beneficiary's data keys and those of their requests (rejection reasons). Returns how many deliveries it renamed.
 */
async function erase(tx: Tx, request: { ref: string; sealedBeneficiaryId: string }) {
  const keyId = sealingKeyId(request.sealedBeneficiaryId);
  const keys = await dataKeysById(tx, keyId ? [keyId] : []);
  const beneficiaryId = openValue(keys, request.sealedBeneficiaryId);
  let renamed = 0;
  if (beneficiaryId !== null) {
    const theirs = deliveriesOf(beneficiaryId, request.ref);
    await tellProviders(tx, theirs);
    const tombstone = erasedBeneficiaryId(request.ref);
    // Values from before sealing are plain text: erased by overwriting, as nothing else reaches them.
    await tx.delivery.updateMany({
      where: { ...theirs, NOT: { options: { startsWith: "b1." } } },
      data: { options: "[]" },
    });
    const requests = await tx.delivery.findMany({
      where: theirs,
      select: { deliveryRequestId: true },
      distinct: ["deliveryRequestId"],
    });
    // The sealed id would be unreadable once the key is gone; the tombstone says so in words. The
    // ref goes too: nothing about the beneficiary is held any more (a new request finds nothing).
    ({ count: renamed } = await tx.delivery.updateMany({
      where: theirs,
      data: { beneficiaryId: tombstone, beneficiaryRef: null },
    }));
    const requestIds = requests.map((row) => row.deliveryRequestId);
    await renameInPreviews(tx, requestIds, beneficiaryId, tombstone);
    // A rejection's reason, sealed with its request's key, may name them too.
    await destroyRequestKeys(tx, requestIds);
  }
  await tx.beneficiaryKey.updateMany({
    where: { ref: request.ref, wrappedKey: { not: null } },
    data: { wrappedKey: null, liveRef: null, erasedAt: new Date() },
  });
  return renamed;
}

/**
 * Tells each provider that was sent deliveries for the beneficiary to erase its copy: our own
 * BENEFICIARY_ERASED event, naming only the delivery ids (the payload must not name whom it erases).
 */
async function tellProviders(tx: Tx, theirs: ReturnType<typeof deliveriesOf>) {
  const sent = await tx.delivery.findMany({
    where: { ...theirs, deliveryRequest: { approvalState: "SENT" } },
    select: { id: true, deliveryRequest: { select: { channel: { select: { providerId: true } } } } },
    orderBy: { id: "asc" },
  });
  const byProvider = new Map<string, string[]>();
  for (const row of sent) {
    const providerId = row.deliveryRequest.channel.providerId;
    byProvider.set(providerId, [...(byProvider.get(providerId) ?? []), row.id]);
  }
  const erasedAt = isoSeconds(new Date());
  for (const [providerId, deliveryIds] of byProvider)
    await queueEvent(tx, providerId, "BENEFICIARY_ERASED", { deliveryIds, erasedAt });
}

/**
 * The delivery logs' preview of a DELIVERY_REQUEST_SENT lists its first deliveries, their beneficiary
 * ids masked; in those written before ids were sealed, in clear: the erased one's becomes the tombstone.
 */
async function renameInPreviews(
  tx: Tx,
  deliveryRequestIds: string[],
  beneficiaryId: string,
  tombstone: string,
) {
  const quoted = JSON.stringify(beneficiaryId);
  const events = await tx.outboxEvent.findMany({
    where: { deliveriesOf: { in: deliveryRequestIds } },
    select: { id: true, payloadPreview: true },
  });
  for (const event of events)
    if (event.payloadPreview.includes(quoted))
      await tx.outboxEvent.update({
        where: { id: event.id },
        data: { payloadPreview: event.payloadPreview.replaceAll(quoted, JSON.stringify(tombstone)) },
      });
}

/** The erasure requests for the console's page: those waiting, then the latest decided. */
export async function erasureRequests(actor: Actor, take = 50) {
  authorize(actor, "beneficiaries.erase");
  const [pending, decided] = await Promise.all([
    db().erasureRequest.findMany({ where: { state: "PENDING" }, orderBy: { createdAt: "asc" }, take }),
    db().erasureRequest.findMany({
      where: { state: { not: "PENDING" } },
      orderBy: { decidedAt: "desc" },
      take,
    }),
  ]);
  // The approver must see whom they erase: a pending request's id is opened (its key still lives).
  const keys = await dataKeysById(
    db(),
    pending.flatMap((row) => sealingKeyId(row.sealedBeneficiaryId) ?? []),
  );
  const view = ({ sealedBeneficiaryId, pendingFor: _pending, ...rest }: (typeof pending)[number]) => ({
    ...rest,
    beneficiaryId:
      rest.state === "PENDING" ? openValue(keys, sealedBeneficiaryId) : erasedBeneficiaryId(rest.ref),
  });
  return { pending: pending.map(view), decided: decided.map(view) };
}
