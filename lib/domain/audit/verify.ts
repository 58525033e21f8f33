/**
 * Checks the audit trail's chain (lib/db/audit-chain.ts) from its first chained row to its head:
 * each row's hash must be the hash of its fields and of the row before it, positions must follow
 * one another without gaps, and the head must name the last row. An edited row breaks its own hash;
 * a deleted one leaves a gap (or, at the end, a head ahead of the rows); a row edited and rehashed
 * breaks the next row's link. Run by `npm run audit:verify`.
 */

import { db, type Tx } from "../../db";
import { type AuditFields, auditHash } from "../../db/audit-chain";

const BATCH = 2_000;

export interface ChainProblem {
  seq: number;
  problem: string;
}

export interface ChainReport {
  /** Chained rows checked. */
  checked: number;
  /** Rows written before the chain began (migration), which carry no hash. */
  unchained: number;
  head: { seq: number; hash: string } | null;
  problems: ChainProblem[];
}

/** `client`: a transaction sees its own uncommitted changes (tests check a deletion they roll back). */
export async function verifyAuditChain(client: Tx = db()): Promise<ChainReport> {
  const head = await client.auditHead.findUnique({ where: { id: 1 } });
  const chainFrom = head?.chainFrom ?? 0;
  const problems: ChainProblem[] = [];
  let expectedSeq = chainFrom + 1;
  let previousHash = "";
  let checked = 0;
  for (;;) {
    const rows = await client.auditEntry.findMany({
      where: { seq: { gte: expectedSeq } },
      orderBy: { seq: "asc" },
      take: BATCH,
    });
    for (const row of rows) {
      if (row.seq !== expectedSeq) {
        const missing = row.seq - expectedSeq;
        problems.push({ seq: expectedSeq, problem: `${missing} row(s) missing before position ${row.seq}` });
        previousHash = row.prevHash; // go on checking from the rows that remain
      }
      problems.push(...rowProblems(row, previousHash));
      previousHash = row.hash;
      expectedSeq = row.seq + 1;
      checked += 1;
    }
    if (rows.length < BATCH) break;
  }
  problems.push(...headProblems(head, expectedSeq - 1, previousHash));
  const unchained = await client.auditEntry.count({ where: { seq: { lte: chainFrom } } });
  // The unchained rows are the migration's, written without a hash: a head moved forward over chained
  // rows (to hide them from this check) leaves hashed rows below chainFrom.
  const hidden = await client.auditEntry.count({ where: { seq: { lte: chainFrom }, hash: { not: "" } } });
  if (hidden > 0) {
    problems.push({
      seq: chainFrom,
      problem: `${hidden} chained row(s) lie before the head's chain start (the head was changed)`,
    });
  }
  return { checked, unchained, head: head && { seq: head.seq, hash: head.hash }, problems };
}

function rowProblems(row: AuditFields & { prevHash: string; hash: string }, previousHash: string) {
  const problems: ChainProblem[] = [];
  if (row.prevHash !== previousHash) {
    problems.push({ seq: row.seq, problem: "does not link to the row before it (that row was changed)" });
  }
  if (auditHash(row.prevHash, row) !== row.hash) {
    problems.push({ seq: row.seq, problem: "its content does not match its hash (the row was changed)" });
  }
  return problems;
}

function headProblems(head: { seq: number; hash: string } | null, lastSeq: number, lastHash: string) {
  if (!head) return lastSeq > 0 ? [{ seq: 0, problem: "the chain's head row is missing" }] : [];
  if (head.seq > lastSeq) {
    return [
      {
        seq: lastSeq + 1,
        problem: `the last ${head.seq - lastSeq} row(s) were deleted (the head is at ${head.seq})`,
      },
    ];
  }
  if (head.seq < lastSeq)
    return [{ seq: head.seq + 1, problem: "rows follow the head (written around the chain)" }];
  if (lastSeq > 0 && head.hash !== lastHash)
    return [{ seq: lastSeq, problem: "the head's hash does not match the last row" }];
  return [];
}
