/**
 * A delivery request's page in the console and the platform API: the request with one page of its
 * deliveries, their beneficiary ids opened (sealed in the rows, issue 36) and their values as the
 * reader may see them.
 */
import { db } from "../../db";
import {
  beneficiaryIdOpener,
  deliveryValues,
  idAsShown,
  mayKnowBeneficiaries,
  recordValuesRead,
  textOpener,
  valueViewOf,
} from "../beneficiary-data";
import { beneficiaryNamed } from "../deliveries";
import { LIVE_PROGRAM } from "../live-scope";
import { type PageQuery, readKeysetPage } from "../paging";
import { POLICY_COLUMNS } from "../payments";
import { type Actor, authorize } from "../permissions";

const DELIVERIES_PAGE_SIZE = 50;

/**
 * One delivery request of a program with one page of its deliveries, in the order sent, optionally
 * only the beneficiary whose whole id is `q`; null when the program has no such request. Each
 * delivery's beneficiary id and option values (`values`, null once its beneficiary was erased) come
 * as `valuesShown` says:
 * in clear for a role that may see them asking with a `purpose` (the read is recorded), else masked.
 * The request's rejection reason comes opened (sealed in the row), null and `rejectionReasonErased`
 * once its key was destroyed; free text that may name a beneficiary, it and the refunds' reasons
 * are null (`reasonsHidden`) to a role that may not see beneficiaries' data.
 */
export async function deliveryRequestDetail(
  actor: Actor,
  programId: string,
  requestId: string,
  { q, purpose, ...query }: { q?: string; purpose?: unknown } & PageQuery = {},
) {
  authorize(actor, "console.read");
  const request = await db().deliveryRequest.findFirst({
    where: { id: requestId, programId, program: LIVE_PROGRAM },
    include: {
      program: { select: { id: true, name: true, ...POLICY_COLUMNS } },
      channel: {
        select: {
          providerDeliveryChannelId: true,
          approvedContent: true,
          provider: { select: { name: true } },
        },
      },
    },
  });
  if (!request) return null;
  // Finding a row by a whole id confirms a guess about who is in the request: only for the roles
  // that may see beneficiaries' data (issue 36); others' `q` is ignored, as their page has no search.
  const term = mayKnowBeneficiaries(actor) ? q?.trim() : undefined;
  const search = term && (await beneficiaryNamed(term));
  const filter = { deliveryRequestId: request.id, ...search };
  const { items, ...paging } = await readKeysetPage({
    query,
    pageSize: DELIVERIES_PAGE_SIZE,
    key: { field: "id", direction: "asc", kind: "text" },
    table: db().delivery,
    filter,
    rows: ({ where, orderBy, take }) => db().delivery.findMany({ where, orderBy, take }),
  });
  // Beneficiaries' values: in clear for a role that may see them and said why (then recorded), else masked.
  const valuesShown = valueViewOf(actor, purpose);
  const values = await deliveryValues(items, valuesShown);
  await recordValuesRead(actor, {
    deliveryRequestId: request.id,
    deliveries: items.filter((row) => values.get(row.id)).map((row) => row.id),
    purpose,
    view: valuesShown,
    through: "delivery request page",
  });
  // A refund's reason is sealed with the beneficiary's key too, a rejection's with the request's:
  // null once erased.
  const opened = await textOpener([request.rejectionReason, ...items.map((row) => row.refundReason)]);
  const beneficiaryOf = await beneficiaryIdOpener(items);
  const deliveries = items.map(({ options: _sealed, beneficiaryRef: _ref, ...row }) => ({
    ...row,
    beneficiaryId: idAsShown(
      valuesShown,
      beneficiaryOf({ beneficiaryId: row.beneficiaryId, beneficiaryRef: _ref }),
    ),
    refundReason: mayKnowBeneficiaries(actor) ? opened(row.refundReason) : null,
    values: values.get(row.id) ?? null,
  }));
  const rejectionReason = request.rejectionReason && opened(request.rejectionReason);
  // The batch's fingerprint hashes its ids and values (a one-delivery batch's could be guessed back),
  // and the idempotency key is the sender's: neither is for readers.
  const { fingerprint: _hash, idempotencyKey: _key, ...shown } = request;
  const readsReasons = mayKnowBeneficiaries(actor);
  return {
    request: {
      ...shown,
      rejectionReason: readsReasons ? rejectionReason : null,
      rejectionReasonErased: rejectionReason === null && !!request.rejectionReason,
      reasonsHidden: !readsReasons,
    },
    deliveries,
    valuesShown,
    ...paging,
  };
}
