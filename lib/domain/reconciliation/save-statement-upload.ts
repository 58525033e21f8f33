/**
 * An upload's result kept (issue 32, item 3): the mapping remembered for the provider's next file,
 * the upload with the counts and sums of each class per unit, one break row per line (or delivery
 * the file lacks) that does not tie out, and the audit entry — in one transaction, so an upload is
 * there whole or not at all. The deliveries the file lacks are read in it, a part at a time, and each
 * part written before the next is read: a period's were held at once, and a one-line file for a day
 * of 100,000 deliveries ran the server's heap out (tests/api/reconciliation/largest-upload.test.ts).
 */

import { v7 as timeOrderedId } from "uuid";
import type { StatementMapping } from "../../contract/reconciliation/statement-upload-schema";
import { db, type Tx } from "../../db";
import { type BulkColumns, insertRows } from "../../db/bulk-insert";
import { recordAudit } from "../audit";
import type { Actor } from "../permissions";
import type { OurDelivery } from "./classify-lines";
import type { BreakRow, UploadTally } from "./upload-tally";

/** A stored break's columns: its id, its upload and a BreakRow's fields in this order. */
const BREAK_COLUMNS: BulkColumns = [
  ["id", "text"],
  ["uploadId", "text"],
  ["kind", "text"],
  ["line", "int"],
  ["deliveryId", "text"],
  ["reference", "text"],
  ["fileAmountMinor", "bigint"],
  ["fileUnit", "text"],
  ["fileStatus", "text"],
  ["fileOutcome", "text"],
  ["ourAmountMinor", "bigint"],
  ["ourUnit", "text"],
  ["ourStatus", "text"],
];
const breakValues = (uploadId: string, row: BreakRow) => [
  timeOrderedId(),
  uploadId,
  row.kind,
  row.line,
  row.deliveryId,
  row.reference,
  row.fileAmountMinor,
  row.fileUnit,
  row.fileStatus,
  row.fileOutcome,
  row.ourAmountMinor,
  row.ourUnit,
  row.ourStatus,
];

/** Long enough for a period's 100,000 deliveries the file lacks, read and written on a busy server. */
const SAVE_TIMEOUT_MS = 60_000;

/**
 * Keeps the upload: `lines` holds the lines' counts and breaks; `lacked` reads, through the
 * transaction, the deliveries sent in the period that the file lacks.
 */
export async function saveStatementUpload(
  actor: Actor,
  upload: {
    providerId: string;
    periodStart: Date;
    periodEnd: Date;
    contentHash: string;
    fileName: string;
    mapping: StatementMapping;
    lineCount: number;
    applied: number;
  },
  lines: UploadTally,
  lacked: (tx: Tx) => AsyncIterable<OurDelivery[]>,
): Promise<string> {
  const mapping = {
    columns: JSON.stringify(upload.mapping.columns),
    labels: JSON.stringify(upload.mapping.labels),
    updatedBy: actor.id,
  };
  return db().$transaction(
    async (tx) => {
      // From the lines' tally each time: PostgreSQL may run the transaction again after a deadlock.
      const tally = lines.countsOnly();
      await tx.statementMapping.upsert({
        where: { providerId: upload.providerId },
        create: { providerId: upload.providerId, ...mapping },
        update: mapping,
      });
      const { id } = await tx.statementUpload.create({
        data: {
          providerId: upload.providerId,
          periodStart: upload.periodStart,
          periodEnd: upload.periodEnd,
          contentHash: upload.contentHash,
          fileName: upload.fileName,
          lineCount: upload.lineCount,
          appliedCount: upload.applied,
          summary: "{}", // once the deliveries the file lacks are counted too, below
          uploadedBy: actor.id,
        },
        select: { id: true },
      });
      // One statement per 5,000 breaks (lib/db/bulk-insert.ts): a file of 100,000 unknown deliveries
      // took 19 s to save through createMany's 76 rows a statement.
      const write = (breaks: BreakRow[]) =>
        insertRows(tx, "StatementBreak", BREAK_COLUMNS, breaks, (row) => breakValues(id, row));
      await write(lines.breaks);
      let breakCount = lines.breaks.length;
      for await (const missing of lacked(tx)) {
        const rows = tally.missingRows(missing);
        await write(rows);
        breakCount += rows.length;
      }
      await tx.statementUpload.update({
        where: { id },
        data: { summary: JSON.stringify(tally.summary()) },
      });
      await recordAudit(tx, actor, {
        action: "statement.uploaded",
        subjectType: "StatementUpload",
        subjectId: id,
        after: {
          providerId: upload.providerId,
          fileName: upload.fileName,
          lines: upload.lineCount,
          breaks: breakCount,
          applied: upload.applied,
        },
      });
      return id;
    },
    { timeout: SAVE_TIMEOUT_MS },
  );
}
