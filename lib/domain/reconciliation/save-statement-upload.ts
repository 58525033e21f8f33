/**
 * An upload's result kept (issue 32, item 3): the mapping remembered for the provider's next file,
 * the upload with the counts and sums of each class per unit, one break row per line (or delivery
 * the file lacks) that does not tie out, and the audit entry — in one transaction, so an upload is
 * there whole or not at all.
 */

import { v7 as timeOrderedId } from "uuid";
import type {
  BreakKind,
  FileOutcome,
  StatementMapping,
} from "../../contract/reconciliation/statement-upload-schema";
import { db } from "../../db";
import { type BulkColumns, insertRows } from "../../db/bulk-insert";
import { recordAudit } from "../audit";
import type { Actor } from "../permissions";

export type UploadClass = "MATCHED" | BreakKind;
/** Per class, per unit: how many lines (or deliveries) and their sum, minor units as text (JSON). */
export type UploadSummary = Partial<
  Record<UploadClass, Record<string, { count: number; amountMinor: string }>>
>;

/** A break as stored (StatementBreak), less its ids: what the result page and the report show. */
export interface BreakRow {
  kind: BreakKind;
  line: number | null;
  deliveryId: string | null;
  reference: string | null;
  fileAmountMinor: bigint | null;
  fileUnit: string | null;
  fileStatus: string | null;
  /** What the file's status means (the mapping's reading of its label): settling a break asks it. */
  fileOutcome: FileOutcome | null;
  ourAmountMinor: bigint | null;
  ourUnit: string | null;
  ourStatus: string | null;
}

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
    summary: UploadSummary;
    breaks: BreakRow[];
    applied: number;
  },
): Promise<string> {
  const { summary, breaks } = upload;
  const mapping = {
    columns: JSON.stringify(upload.mapping.columns),
    labels: JSON.stringify(upload.mapping.labels),
    updatedBy: actor.id,
  };
  return db().$transaction(async (tx) => {
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
        summary: JSON.stringify(summary),
        uploadedBy: actor.id,
      },
      select: { id: true },
    });
    // One statement per 5,000 breaks (lib/db/bulk-insert.ts): a file of 100,000 unknown deliveries
    // took 19 s to save through createMany's 76 rows a statement.
    await insertRows(tx, "StatementBreak", BREAK_COLUMNS, breaks, (row) => breakValues(id, row));
    await recordAudit(tx, actor, {
      action: "statement.uploaded",
      subjectType: "StatementUpload",
      subjectId: id,
      after: {
        providerId: upload.providerId,
        fileName: upload.fileName,
        lines: upload.lineCount,
        breaks: breaks.length,
        applied: upload.applied,
      },
    });
    return id;
  });
}
