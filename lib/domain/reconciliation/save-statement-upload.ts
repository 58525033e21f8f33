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
import type { OurDelivery, Verdict } from "./classify-lines";
import type { FileLine } from "./statement-file";

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

function summarise(lines: FileLine[], verdicts: Verdict[], missing: OurDelivery[]): UploadSummary {
  const sums = new Map<UploadClass, Map<string, { count: number; amountMinor: bigint }>>();
  const add = (kind: UploadClass, unit: string, amountMinor: bigint) => {
    const units = sums.get(kind) ?? new Map();
    sums.set(kind, units);
    const figure = units.get(unit) ?? { count: 0, amountMinor: 0n };
    units.set(unit, { count: figure.count + 1, amountMinor: figure.amountMinor + amountMinor });
  };
  for (const [index, verdict] of verdicts.entries()) {
    const line = lines[index]!;
    add(verdict.kind, line.unit.toLocaleUpperCase("en"), line.amountMinor);
  }
  for (const delivery of missing) add("MISSING_FROM_FILE", delivery.unit, delivery.amountMinor);
  return Object.fromEntries(
    [...sums].map(([kind, units]) => [
      kind,
      Object.fromEntries(
        [...units].map(([unit, { count, amountMinor }]) => [
          unit,
          { count, amountMinor: String(amountMinor) },
        ]),
      ),
    ]),
  );
}

function breakRows(
  lines: FileLine[],
  verdicts: Verdict[],
  ourOf: (line: FileLine) => OurDelivery | undefined,
  missing: OurDelivery[],
): BreakRow[] {
  const rows: BreakRow[] = [];
  const our = (delivery: OurDelivery | undefined) => ({
    ourAmountMinor: delivery?.amountMinor ?? null,
    ourUnit: delivery?.unit ?? null,
    ourStatus: delivery?.status ?? null,
  });
  for (const [index, verdict] of verdicts.entries()) {
    if (verdict.kind === "MATCHED") continue;
    const line = lines[index]!;
    rows.push({
      kind: verdict.kind,
      line: line.line,
      deliveryId: ourOf(line)?.id ?? (line.deliveryId || null),
      reference: line.reference || null,
      fileAmountMinor: line.amountMinor,
      fileUnit: line.unit,
      fileStatus: line.status || null,
      fileOutcome: line.outcome,
      ...our(ourOf(line)),
    });
  }
  for (const delivery of missing)
    rows.push({
      kind: "MISSING_FROM_FILE",
      line: null,
      deliveryId: delivery.id,
      reference: delivery.providerDeliveryId,
      fileAmountMinor: null,
      fileUnit: null,
      fileStatus: null,
      fileOutcome: null,
      ...our(delivery),
    });
  return rows;
}

export async function saveStatementUpload(
  actor: Actor,
  upload: {
    providerId: string;
    periodStart: Date;
    periodEnd: Date;
    contentHash: string;
    fileName: string;
    mapping: StatementMapping;
    lines: FileLine[];
    verdicts: Verdict[];
    ourOf: (line: FileLine) => OurDelivery | undefined;
    missing: OurDelivery[];
    applied: number;
  },
): Promise<string> {
  const summary = summarise(upload.lines, upload.verdicts, upload.missing);
  const breaks = breakRows(upload.lines, upload.verdicts, upload.ourOf, upload.missing);
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
        lineCount: upload.lines.length,
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
        lines: upload.lines.length,
        breaks: breaks.length,
        applied: upload.applied,
      },
    });
    return id;
  });
}
