/**
 * Reading uploads of providers' statements (issue 32, item 3): a provider's mapping (its own, else
 * the template's), the recent uploads, one upload with its summary and breaks, and its break report
 * as CSV for finance to work through.
 */
import Papa from "papaparse";
import {
  DEFAULT_STATEMENT_MAPPING,
  STATEMENT_FIELDS,
  type StatementMapping,
  statementMappingSchema,
} from "../../contract/reconciliation/statement-upload-schema";
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { notFound } from "../errors";
import { fromMinor } from "../money";
import { type Actor, authorize } from "../permissions";
import type { UploadSummary } from "./upload-tally";

/** How the provider's next file is read: as its last upload was, else as the template. */
export async function statementMappingOf(actor: Actor, providerId: string): Promise<StatementMapping> {
  authorize(actor, "console.read");
  const saved = await db().statementMapping.findUnique({ where: { providerId } });
  if (!saved) return DEFAULT_STATEMENT_MAPPING;
  const parsed = statementMappingSchema.safeParse({
    columns: JSON.parse(saved.columns),
    labels: JSON.parse(saved.labels),
  });
  return parsed.success ? parsed.data : DEFAULT_STATEMENT_MAPPING;
}

/** The template a provider may fill: the default mapping's columns and one line as an example. */
export function statementTemplateCsv(): string {
  const columns = STATEMENT_FIELDS.map((field) => DEFAULT_STATEMENT_MAPPING.columns[field]);
  return `${Papa.unparse([columns, ["0193a1c2-7e1f-7000-8000-000000000001", "PAY-1001", "100.00", "EUR", "DELIVERED"]], { newline: "\r\n" })}\r\n`;
}

const UPLOAD_LIST = 20;

export async function recentUploads(actor: Actor) {
  authorize(actor, "console.read");
  const uploads = await db().statementUpload.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: UPLOAD_LIST,
    select: {
      id: true,
      fileName: true,
      periodStart: true,
      periodEnd: true,
      lineCount: true,
      appliedCount: true,
      createdAt: true,
      provider: { select: { name: true } },
      _count: { select: { breaks: true } },
    },
  });
  return uploads.map(({ _count, provider, ...upload }) => ({
    ...upload,
    providerName: provider.name,
    breakCount: _count.breaks,
  }));
}

/** Breaks shown on the upload's page; all of them are in its break report. */
const BREAKS_SHOWN = 200;

export async function statementUpload(actor: Actor, uploadId: string) {
  authorize(actor, "console.read");
  const upload = await db().statementUpload.findUnique({
    where: { id: uploadId },
    include: {
      provider: { select: { id: true, name: true } },
      breaks: {
        orderBy: [{ line: { sort: "asc", nulls: "last" } }, { id: "asc" }],
        take: BREAKS_SHOWN,
        // Whether an adjustment of each awaits approval (issue 32, item 5): the table says so.
        include: { adjustments: { where: { state: "PENDING_APPROVAL" }, select: { id: true } } },
      },
      _count: { select: { breaks: true } },
    },
  });
  if (!upload) throw notFound(say("noSuchStatementUpload"));
  const uploader = await db().user.findUnique({ where: { id: upload.uploadedBy }, select: { email: true } });
  return {
    ...upload,
    uploadedByEmail: uploader?.email ?? upload.uploadedBy,
    summary: JSON.parse(upload.summary) as UploadSummary,
    breakCount: upload._count.breaks,
  };
}

const REPORT_BATCH = 1000;
const amount = (minor: bigint | null) => (minor === null ? "" : fromMinor(minor));

/**
 * The upload's breaks as CSV (formulas escaped, as every export), a batch at a time; refused (not
 * found) before the first byte, so the download answers 404 rather than breaking off.
 */
export async function breakReportCsv(actor: Actor, uploadId: string): Promise<AsyncGenerator<string>> {
  authorize(actor, "console.read");
  const exists = await db().statementUpload.findUnique({ where: { id: uploadId }, select: { id: true } });
  if (!exists) throw notFound(say("noSuchStatementUpload"));
  return breakRows(uploadId);
}

async function* breakRows(uploadId: string): AsyncGenerator<string> {
  const unparse = (rows: unknown[][]) =>
    `${Papa.unparse(rows, { escapeFormulae: true, newline: "\r\n" })}\r\n`;
  yield unparse([
    [
      "line",
      "break",
      "deliveryId",
      "reference",
      "fileAmount",
      "fileUnit",
      "fileStatus",
      "ourAmount",
      "ourUnit",
      "ourStatus",
    ],
  ]);
  let after: string | undefined;
  for (;;) {
    const rows = await db().statementBreak.findMany({
      where: { uploadId },
      orderBy: { id: "asc" },
      take: REPORT_BATCH,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    yield unparse(
      rows.map((row) => [
        row.line ?? "",
        row.kind,
        row.deliveryId ?? "",
        row.reference ?? "",
        amount(row.fileAmountMinor),
        row.fileUnit ?? "",
        row.fileStatus ?? "",
        amount(row.ourAmountMinor),
        row.ourUnit ?? "",
        row.ourStatus ?? "",
      ]),
    );
  }
}
