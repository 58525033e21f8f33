/**
 * An upload of a provider's own statement (issue 32, item 3): the file, the period it covers, and how
 * it reads — which of its columns holds each of our fields and which of its status labels mean which
 * outcome (remembered per provider). One schema for the upload form, its route and the reference.
 */
import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";
import { statementPeriod, TO_NOT_BEFORE_FROM, toNotBeforeFrom } from "./statement-schema";

/**
 * 100,000 lines of up to 90 characters: a day of a large provider's deliveries, matched and applied
 * within the server's 256 MB heap (a 6 MB file of 100,000 lines peaked at 138 MB above idle). A
 * longer period's statement is uploaded a part of the period at a time.
 */
export const MAX_STATEMENT_LINES = 100_000;
export const MAX_STATEMENT_BYTES = 9_000_000;

/** Our fields a statement's columns map to, in the template's order. */
export const STATEMENT_FIELDS = ["deliveryId", "reference", "amount", "unit", "status"] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** What a statement's line says became of a delivery. */
export const FILE_OUTCOMES = ["delivered", "reverted", "pending"] as const;
export type FileOutcome = (typeof FILE_OUTCOMES)[number];

/** The classes of break a line (or a delivery the file lacks) falls in; every other line matched. */
export const BREAK_KINDS = [
  "AMOUNT_MISMATCH",
  "CURRENCY_MISMATCH",
  "DUPLICATE_LINE",
  "UNKNOWN_DELIVERY",
  "MISSING_FROM_FILE",
  "CONTRADICTS_SYNC",
  "AFTER_REVERT_OR_REFUND",
] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

const columnName = z
  .string()
  .trim()
  .max(128, say("mustBeAtMostCharacters", { max: 128 }));
const labels = z
  .array(
    z
      .string()
      .trim()
      .min(1, say("mustNotBeEmpty"))
      .max(64, say("mustBeAtMostCharacters", { max: 64 })),
  )
  .max(50, say("atMostLabels", { max: 50 }));

export const statementMappingSchema = z
  .strictObject({
    columns: z.strictObject({
      deliveryId: columnName,
      reference: columnName,
      amount: columnName.min(1, say("isRequired")),
      unit: columnName.min(1, say("isRequired")),
      status: columnName,
    }),
    labels: z.strictObject({ delivered: labels, reverted: labels, pending: labels }),
  })
  // A line must name its delivery somehow: by our id, or by the provider's reference.
  .refine((mapping) => mapping.columns.deliveryId !== "" || mapping.columns.reference !== "", {
    path: ["columns", "deliveryId"],
    message: say("deliveryIdOrReferenceColumn"),
  });
export type StatementMapping = z.infer<typeof statementMappingSchema>;

/** The template's columns, which a provider without a mapping of its own is read by. */
export const DEFAULT_STATEMENT_MAPPING: StatementMapping = {
  columns: {
    deliveryId: "deliveryId",
    reference: "providerDeliveryId",
    amount: "amount",
    unit: "unit",
    status: "status",
  },
  labels: { delivered: [], reverted: [], pending: [] },
};

export const statementUploadSchema = z
  .strictObject({
    ...statementPeriod,
    provider: recordId,
    fileName: z.string().trim().max(200, say("isTooLong")),
    mapping: statementMappingSchema,
    csv: z
      .string()
      .min(1, say("fileIsEmpty"))
      .max(MAX_STATEMENT_BYTES, say("fileTooLarge", { megabytes: MAX_STATEMENT_BYTES / 1_000_000 })),
  })
  .refine(toNotBeforeFrom, TO_NOT_BEFORE_FROM);
export type StatementUploadInput = z.infer<typeof statementUploadSchema>;
