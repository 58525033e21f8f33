/**
 * An upload's result kept (issue 32, item 3): the mapping remembered for the provider's next file,
 * the upload with the counts and sums of each class per unit, one break row per line (or delivery
 * the file lacks) that does not tie out, and the audit entry — in one transaction, so an upload is
 * there whole or not at all.
 */
import type {
  BreakKind,
  FileOutcome,
  StatementMapping,
} from "../../contract/reconciliation/statement-upload-schema";
import { db, MAX_BOUND_VALUES } from "../../db";
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

/** A break row binds its eleven fields, its upload and its id. */
const BREAK_COLUMNS = 13;
const INSERT_CHUNK = Math.floor(MAX_BOUND_VALUES / BREAK_COLUMNS);

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
    for (let i = 0; i < breaks.length; i += INSERT_CHUNK)
      await tx.statementBreak.createMany({
        data: breaks.slice(i, i + INSERT_CHUNK).map((row) => ({ ...row, uploadId: id })),
      });
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
