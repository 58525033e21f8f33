/**
 * After the service key is rotated (SECRET_ENCRYPTION_KEY new, the old one in
 * SECRET_ENCRYPTION_KEY_PREVIOUS): wraps every data key and the lookup key again under the new key,
 * seals again the secrets lib/crypto.ts sealed (webhook auth, link-carrying mail), and seals what
 * was stored before sealing existed (issue 36): deliveries' option values and beneficiary ids, and
 * refund and rejection reasons (./seal-old-reasons.ts). A batch at a
 * time, each row written only if it is still what was read (a concurrent erasure or rotation wins),
 * so it runs while instances serve and may be run again; once it reports nothing left, the old key
 * can leave SECRET_ENCRYPTION_KEY_PREVIOUS.
 */
import { isSealedUnderCurrentKey, seal, unseal } from "../../crypto";
import { db } from "../../db";
import { beneficiaryRefs } from "../../infrastructure/beneficiary-refs";
import { currentServiceKeyId, unwrapKey, wrapKey } from "../../infrastructure/service-keys";
import { erasedBeneficiaryId, TOMBSTONE_PREFIX } from "./beneficiary-ids";
import { liveDataKeys } from "./data-keys";
import { sealPlainReasons } from "./seal-old-reasons";
import { sealValue } from "./sealed-values";

const BATCH = 500;

export interface RotationReport {
  /** Data keys and service-own keys wrapped again under the current service key. */
  rewrapped: number;
  /** Plain values sealed: deliveries' options and beneficiary ids, refund and rejection reasons. */
  sealed: number;
  /** Webhook secrets and mail bodies sealed again under the current service key. */
  resealed: number;
}

export async function rotateServiceKey(progress: (report: RotationReport) => void = () => {}) {
  const report: RotationReport = { rewrapped: 0, sealed: 0, resealed: 0 };
  const current = `w1.${currentServiceKeyId()}.`;
  for (const row of await db().protectionKey.findMany({
    where: { NOT: { wrappedKey: { startsWith: current } } },
  })) {
    const { count } = await db().protectionKey.updateMany({
      where: { purpose: row.purpose, wrappedKey: row.wrappedKey },
      data: { wrappedKey: wrapKey(unwrapKey(row.wrappedKey)) },
    });
    report.rewrapped += count;
  }
  for (;;) {
    const rows = await db().beneficiaryKey.findMany({
      where: { wrappedKey: { not: null }, NOT: { wrappedKey: { startsWith: current } } },
      select: { id: true, wrappedKey: true },
      take: BATCH,
    });
    if (rows.length === 0) break;
    await db().$transaction(async (tx) => {
      for (const row of rows) {
        const { count } = await tx.beneficiaryKey.updateMany({
          where: { id: row.id, wrappedKey: row.wrappedKey },
          data: { wrappedKey: wrapKey(unwrapKey(row.wrappedKey!)) },
        });
        report.rewrapped += count;
      }
    });
    progress(report);
  }
  report.resealed += await resealSecrets();
  const refOf = await beneficiaryRefs();
  for (;;) {
    // Plain values are JSON lists; an erased delivery's are emptied (`[]`) and stay so.
    const rows = await db().delivery.findMany({
      where: { NOT: [{ options: { startsWith: "b1." } }, { options: "[]" }] },
      select: { id: true, beneficiaryId: true, options: true },
      take: BATCH,
    });
    if (rows.length === 0) break;
    await db().$transaction(async (tx) => {
      const keys = await liveDataKeys(
        tx,
        rows.map((row) => row.beneficiaryId),
        refOf,
      );
      for (const row of rows) {
        const { count } = await tx.delivery.updateMany({
          where: { id: row.id, options: row.options },
          data: { options: sealValue(keys.get(row.beneficiaryId)!, row.options) },
        });
        report.sealed += count;
      }
    });
    progress(report);
  }
  report.sealed += await sealPlainBeneficiaryIds(refOf, () => progress(report));
  report.sealed += await sealPlainReasons(refOf, () => progress(report));
  return report;
}

/**
 * Beneficiary ids from before they were sealed: sealed with the beneficiary's key and given their
 * ref; one whose values retention already erased gets the tombstone instead (its key may be gone).
 */
async function sealPlainBeneficiaryIds(refOf: (id: string) => string, progress: () => void) {
  let sealed = 0;
  for (;;) {
    const rows = await db().delivery.findMany({
      where: {
        beneficiaryRef: null,
        NOT: [{ beneficiaryId: { startsWith: "b1." } }, { beneficiaryId: { startsWith: TOMBSTONE_PREFIX } }],
      },
      select: { id: true, beneficiaryId: true, valuesErasedAt: true },
      take: BATCH,
    });
    if (rows.length === 0) return sealed;
    await db().$transaction(async (tx) => {
      const live = rows.filter((row) => !row.valuesErasedAt).map((row) => row.beneficiaryId);
      const keys = await liveDataKeys(tx, live, refOf);
      for (const row of rows) {
        const ref = refOf(row.beneficiaryId);
        const key = keys.get(row.beneficiaryId);
        const { count } = await tx.delivery.updateMany({
          where: { id: row.id, beneficiaryId: row.beneficiaryId, beneficiaryRef: null },
          data: {
            beneficiaryId: key ? sealValue(key, row.beneficiaryId) : erasedBeneficiaryId(ref),
            beneficiaryRef: ref,
          },
        });
        sealed += count;
      }
    });
    progress();
  }
}

/** Webhook subscriptions' auth (current and previous) and sealed mail bodies not yet under the current key, sealed again. */
async function resealSecrets() {
  let count = 0;
  const again = (sealed: string | null) =>
    sealed && !isSealedUnderCurrentKey(sealed) ? seal(unseal(sealed)) : sealed;
  const subscriptions = await db().subscription.findMany({
    where: { OR: [{ authSealed: { not: null } }, { previousAuthSealed: { not: null } }] },
    select: { id: true, authSealed: true, previousAuthSealed: true },
  });
  for (const row of subscriptions) {
    const data = { authSealed: again(row.authSealed), previousAuthSealed: again(row.previousAuthSealed) };
    if (data.authSealed === row.authSealed && data.previousAuthSealed === row.previousAuthSealed) continue;
    count += (await db().subscription.updateMany({ where: row, data })).count;
  }
  const mail = await db().mailMessage.findMany({ where: { sealed: true }, select: { id: true, body: true } });
  for (const row of mail) {
    const body = again(row.body)!;
    if (body !== row.body) count += (await db().mailMessage.updateMany({ where: row, data: { body } })).count;
  }
  return count;
}
