/**
 * Reading the audit trail: the console's page, its CSV export and the platform API. Newest first,
 * paged by chain position (keyset: a page costs the same however long the trail grows).
 */
import type { AuditFilters } from "../../contract/audit-filters";
import { containsText, db } from "../../db";
import { beneficiaryRef, deliveriesOf } from "../../infrastructure/beneficiary-refs";
import { ID_LIST_LIMIT } from "../paging";
import { type Actor, authorize } from "../permissions";

export const AUDIT_PAGE_SIZE = 50;
const EXPORT_BATCH = 1_000;

async function whereOf(filters: AuditFilters) {
  const actorIds = filters.actor ? await actorIdsOf(filters.actor) : undefined;
  const action = filters.action;
  const about = filters.beneficiary ? await beneficiaryEntries(filters.beneficiary) : undefined;
  return {
    ...(about ? { OR: about } : {}),
    ...(actorIds ? { actorId: { in: actorIds } } : {}),
    ...(filters.subjectType ? { subjectType: filters.subjectType } : {}),
    ...(filters.subjectId ? { subjectId: filters.subjectId } : {}),
    ...(action ? (action.endsWith(".") ? { action: { startsWith: action } } : { action }) : {}),
    ...(filters.from || filters.to
      ? {
          at: {
            ...(filters.from ? { gte: new Date(`${filters.from}T00:00:00Z`) } : {}),
            ...(filters.to ? { lt: new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000) } : {}),
          },
        }
      : {}),
  };
}

/** At most this many of a beneficiary's deliveries are looked for in the reads. */
const BENEFICIARY_DELIVERIES = 200;

/**
 * The beneficiary filter ("who saw beneficiary X"): the entries whose subject is the beneficiary's
 * ref (asking for and deciding its erasure), and the reads in clear of a delivery request that showed
 * one of its deliveries, by id or as a whole event. Entries name nobody in clear, so the filter
 * computes the ref and finds the deliveries; once erased, the deliveries no longer carry the id, and
 * only the entries under the ref remain findable.
 */
async function beneficiaryEntries(beneficiaryId: string) {
  const ref = await beneficiaryRef(beneficiaryId);
  const deliveries = await db().delivery.findMany({
    where: deliveriesOf(beneficiaryId, ref),
    select: { id: true, deliveryRequestId: true },
    take: BENEFICIARY_DELIVERIES,
  });
  const read = { action: "beneficiary.values_read", subjectType: "DeliveryRequest" };
  return [
    { subjectType: "Beneficiary", subjectId: ref },
    ...deliveries.map((row) => ({
      ...read,
      subjectId: row.deliveryRequestId,
      detail: { contains: `"${row.id}"` },
    })),
    ...[...new Set(deliveries.map((row) => row.deliveryRequestId))].map((subjectId) => ({
      ...read,
      subjectId,
      detail: { contains: '"allDeliveries":true' },
    })),
  ];
}

/** At most this many users match a part of an email (their ids and their tokens' are bound at once). */
const ACTOR_MATCHES = 200;

/**
 * The actor filter: an actor id as is (a key's, a token's, a worker's, a user's), and every user whose
 * email contains the text, in any case, with the user's platform API tokens (a token's entries carry
 * the token's id). The entries are then an index seek on (actorId, seq) per id; the users matched are
 * a scan of the users, not of the trail.
 */
async function actorIdsOf(actor: string): Promise<string[]> {
  const part = actor.toLowerCase();
  const users = await db().user.findMany({
    where: { email: containsText(part) },
    select: { id: true, email: true, tokens: { select: { id: true } } },
    orderBy: { email: "asc" },
    take: ACTOR_MATCHES,
  });
  // SQLite's LIKE reads `%` and `_` as patterns: keep the users whose email holds the text itself.
  const matched = users.filter((user) => user.email.toLowerCase().includes(part));
  const ids = [actor, ...matched.flatMap((user) => [user.id, ...user.tokens.map((token) => token.id)])];
  return [...new Set(ids)].slice(0, ID_LIST_LIMIT);
}

export type AuditEntryView = Awaited<ReturnType<typeof auditEntries>>["entries"][number];

/** One page of entries, with the cursor of the next (older) page, or null at the end. */
export async function auditEntries(actor: Actor, filters: AuditFilters, pageSize = AUDIT_PAGE_SIZE) {
  authorize(actor, "audit.read");
  const where = await whereOf(filters);
  const rows = await db().auditEntry.findMany({
    where: { ...where, ...(filters.before ? { seq: { lt: filters.before } } : {}) },
    orderBy: { seq: "desc" },
    take: pageSize + 1,
  });
  const entries = await withActorNames(rows.slice(0, pageSize));
  const next = rows.length > pageSize ? entries[entries.length - 1]!.seq : null;
  return { entries, next };
}

/** Every entry the filters select, oldest first, in batches (the CSV export streams them). */
export async function* allAuditEntries(actor: Actor, filters: AuditFilters) {
  authorize(actor, "audit.read");
  const where = await whereOf(filters);
  let after = 0;
  for (;;) {
    const rows = await db().auditEntry.findMany({
      where: { ...where, seq: { gt: after, ...(filters.before ? { lt: filters.before } : {}) } },
      orderBy: { seq: "asc" },
      take: EXPORT_BATCH,
    });
    if (rows.length === 0) return;
    yield* await withActorNames(rows);
    after = rows[rows.length - 1]!.seq;
  }
}

/** The actions recorded so far, for the filter's choices. */
export async function auditActions(actor: Actor): Promise<string[]> {
  authorize(actor, "audit.read");
  // A loose index scan: one seek per distinct action through (action, at), where Prisma's `distinct`
  // would read every entry of the trail. The same SQL on both databases.
  const rows = await db().$queryRaw<{ action: string | null }[]>`
    WITH RECURSIVE actions(action) AS (
      SELECT MIN("action") FROM "AuditEntry"
      UNION ALL
      SELECT (SELECT MIN("action") FROM "AuditEntry" WHERE "action" > actions.action)
      FROM actions WHERE actions.action IS NOT NULL
    )
    SELECT action FROM actions WHERE action IS NOT NULL`;
  return rows.flatMap((row) => (row.action ? [row.action] : [])).sort();
}

type Row = Awaited<ReturnType<ReturnType<typeof db>["auditEntry"]["findMany"]>>[number];

/** Users are shown by email, a platform token as its user's email and name; keys and workers by id. */
async function withActorNames(rows: Row[]) {
  const ids = (type: string) => [
    ...new Set(rows.filter((row) => row.actorType === type).map((row) => row.actorId)),
  ];
  const [users, tokens] = await Promise.all([
    db().user.findMany({ where: { id: { in: ids("user") } }, select: { id: true, email: true } }),
    db().platformToken.findMany({
      where: { id: { in: ids("token") } },
      select: { id: true, name: true, user: { select: { email: true } } },
    }),
  ]);
  const names = new Map([
    ...users.map((user) => [user.id, user.email] as const),
    ...tokens.map((token) => [token.id, `${token.user.email} (token “${token.name}”)`] as const),
  ]);
  return rows.map((row) => ({ ...row, actorName: names.get(row.actorId) ?? row.actorId }));
}
