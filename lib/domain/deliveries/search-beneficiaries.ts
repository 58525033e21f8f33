/**
 * A delivery request's search by beneficiary id, as a where-fragment of the deliveries' page. Ids
 * are sealed (issue 36): the database can find a beneficiary only by the whole id, through its ref,
 * never by a part of it.
 */
import { findUnstorableText } from "../../contract/stored-text";
import { beneficiaryRefs, deliveriesOf } from "../beneficiary-data";
import { NO_ROWS } from "../paging";

export async function beneficiaryNamed(term: string) {
  // A NUL or a lone surrogate is in no beneficiary id, and neither database accepts it in a query.
  if (findUnstorableText(term)) return NO_ROWS;
  return deliveriesOf(term, (await beneficiaryRefs())(term));
}
