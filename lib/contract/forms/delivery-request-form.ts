/**
 * Sending a delivery request from a program page, as the form sends it (deliveries from a CSV file
 * or from rows entered in the form) and what the preview and the send answer. The form checks the
 * same schema before it asks the server.
 */

import { z } from "zod";
import { CSV_TOO_LARGE, MAX_CSV_BYTES } from "../delivery-limits";
import { recordId } from "../ids";
import { say } from "../validation-messages";

const common = {
  programId: recordId,
  channelId: z.string().min(1, say("chooseChannel")).max(200),
  description: z
    .string()
    .trim()
    .min(1, say("enterDescription"))
    .max(500, say("atMostCharacters", { max: 500 })),
  idempotencyKey: z.string().min(1).max(200),
  confirmDuplicate: z.boolean().default(false),
};

export const sendInputSchema = z.discriminatedUnion("source", [
  z.object({
    ...common,
    source: z.literal("csv"),
    csv: z.string().min(1, say("chooseCsvFile")).max(MAX_CSV_BYTES, CSV_TOO_LARGE),
  }),
  z.object({
    ...common,
    source: z.literal("rows"),
    deliveries: z
      .array(
        z.object({
          beneficiaryId: z.string(),
          amount: z.string(),
          options: z.record(z.string(), z.string()),
        }),
      )
      .min(1, say("addAtLeastOneDelivery"))
      .max(500, say("useCsvFileForMoreThan")),
  }),
]);
export type SendInput = z.infer<typeof sendInputSchema>;

/** A problem of one delivery: the CSV line (the header is line 1) or the form's row (from 1). */
export interface RowProblem {
  line: number;
  /** A column, or WHOLE_ROW / WHOLE_FILE for a problem of the line or of the file itself. */
  field: string;
  message: string;
}
export const WHOLE_ROW = "(row)";
export const WHOLE_FILE = "(file)";

/** What the confirmation shows, formatted on the server. */
/** Written in the reader's language by the action, but for the count (a plural picks its words). */
export interface SendPreview {
  count: number;
  total: string;
  channelName: string;
  budgets: Array<{ label: string; remaining: string; remainingAfter: string; exceeded: boolean }>;
  duplicateOf: { description: string; sentAt: string; href: string } | null;
  /** Approvals the program's policy asks for before it goes to the provider (0: sent at once). */
  approvalsRequired: number;
}
export type PreviewOutcome = { preview: SendPreview } | { problems: RowProblem[] };
export type SendOutcome =
  | {
      deliveryRequestId: string;
      href: string;
      deliveries: number;
      total: string;
      replayed: boolean;
      /** 0 when sent; else the approvals it awaits before the provider hears of it. */
      approvalsRequired: number;
    }
  | { problems: RowProblem[] };
