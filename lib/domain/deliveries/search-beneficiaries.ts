/**
 * A delivery request's search by beneficiary id: the deliveries whose beneficiary id contains a term,
 * in any (ASCII) case, every character of it literal, as a where-fragment of the deliveries' page.
 */
import { databaseKind } from "../../config";
import { findUnstorableText } from "../../contract/stored-text";
import { containsText, db, LIKE_WILDCARD } from "../../db";
import { ID_LIST_LIMIT, NO_ROWS } from "../paging";

export async function beneficiariesContaining(deliveryRequestId: string, term: string) {
  // A NUL or a lone surrogate is in no beneficiary id, and neither database accepts it in a query.
  if (findUnstorableText(term)) return NO_ROWS;
  const like = { beneficiaryId: containsText(term) };
  if (databaseKind() === "postgres" || !LIKE_WILDCARD.test(term)) return like;
  // SQLite's LIKE would read `%` and `_` as patterns, and Prisma cannot give it an escape character:
  // the deliveries holding the term literally are found by instr() (lower() folds ASCII case as LIKE
  // does) and read by id. Past ID_LIST_LIMIT of them the LIKE stands, which may list a few more.
  const rows = await db().$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Delivery"
    WHERE "deliveryRequestId" = ${deliveryRequestId} AND instr(lower("beneficiaryId"), lower(${term})) > 0
    LIMIT ${ID_LIST_LIMIT + 1}`;
  return rows.length <= ID_LIST_LIMIT ? { id: { in: rows.map((row) => row.id) } } : like;
}
