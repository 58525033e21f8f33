"use server";
/**
 * Sending a delivery request from the program page: a preview for the confirmation (count, total,
 * each budget that applies and what remains after, an identical batch sent within 24 h), then the
 * send under the form's idempotency key. Deliveries come from a CSV file or from rows entered in the
 * form; any bad row sends nothing and every row's problems come back.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { type RowProblem, parseDeliveriesCsv } from "@/lib/domain/delivery-csv";
import { CSV_TOO_LARGE, MAX_CSV_BYTES } from "@/lib/domain/delivery-limits";
import {
  approvedDeliveryOptions,
  type NewDelivery,
  deliveryProblems,
  previewDeliveryRequest,
  sendDeliveryRequest,
} from "@/lib/domain/delivery-requests";
import { formatAmount, formatCount, formatDateTime } from "@/lib/format";
import { type ActionResult, parseInput, runAction, succeed } from "@/lib/portal/action-result";

const common = {
  programId: z.string().min(1).max(200),
  channelId: z.string().min(1, "Choose a channel").max(200),
  description: z.string().trim().min(1, "Enter a description").max(500, "at most 500 characters"),
  idempotencyKey: z.string().min(1).max(200),
  confirmDuplicate: z.boolean().default(false),
};
const sendInput = z.discriminatedUnion("source", [
  z.object({
    ...common,
    source: z.literal("csv"),
    csv: z.string().min(1, "Choose a CSV file").max(MAX_CSV_BYTES, CSV_TOO_LARGE),
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
      .min(1, "Add at least one delivery")
      .max(500, "Use a CSV file for more than 500 deliveries"),
  }),
]);
type SendInput = z.infer<typeof sendInput>;

export interface SendPreview {
  count: string;
  total: string;
  channelName: string;
  budgets: Array<{ label: string; remaining: string; remainingAfter: string; exceeded: boolean }>;
  duplicateOf: { description: string; sentAt: string; href: string } | null;
}
export type PreviewOutcome = { preview: SendPreview } | { problems: RowProblem[] };
export type SendOutcome =
  | { deliveryRequestId: string; href: string; deliveries: number; total: string; replayed: boolean }
  | { problems: RowProblem[] };

/** The deliveries of the input, or every row's problems (rows count from 1; CSV lines from the header). */
async function deliveriesOf(
  input: SendInput,
): Promise<{ deliveries: NewDelivery[]; problems: RowProblem[] }> {
  const options = await approvedDeliveryOptions(input.channelId);
  if (input.source === "csv") return parseDeliveriesCsv(input.csv, options);
  const deliveries = input.deliveries.map((row) => ({
    beneficiaryId: row.beneficiaryId.trim(),
    amount: row.amount.trim() === "" ? Number.NaN : Number(row.amount),
    options: Object.fromEntries(Object.entries(row.options).filter(([, value]) => value !== "")),
  }));
  const problems = deliveries.flatMap((delivery, index) =>
    Object.entries(deliveryProblems(delivery, options)).map(([field, message]) => ({
      line: index + 1,
      field,
      message,
    })),
  );
  return { deliveries, problems };
}

const requestHref = (programId: string, requestId: string) =>
  `/admin/programs/${programId}/requests/${requestId}`;

export async function previewSendAction(input: unknown): Promise<ActionResult<PreviewOutcome>> {
  return runAction<PreviewOutcome>(async () => {
    await requireAdmin();
    const parsed = parseInput(sendInput, input);
    if ("failure" in parsed) return parsed.failure;
    const { deliveries, problems } = await deliveriesOf(parsed.data);
    if (problems.length) return succeed<PreviewOutcome>({ problems });
    const preview = await previewDeliveryRequest({ ...parsed.data, deliveries });
    return succeed<PreviewOutcome>({
      preview: {
        count: formatCount(preview.count),
        total: formatAmount(preview.totalMinor, preview.unit),
        channelName: preview.channelName,
        budgets: preview.budgets.map((budget) => ({
          label: budget.label,
          remaining: formatAmount(budget.remainingMinor, preview.unit),
          remainingAfter: formatAmount(budget.remainingAfterMinor, preview.unit),
          exceeded: budget.remainingAfterMinor < 0n,
        })),
        duplicateOf: preview.duplicateOf && {
          description: preview.duplicateOf.description,
          sentAt: formatDateTime(preview.duplicateOf.createdAt),
          href: requestHref(parsed.data.programId, preview.duplicateOf.id),
        },
      },
    });
  });
}

export async function sendAction(input: unknown): Promise<ActionResult<SendOutcome>> {
  return runAction<SendOutcome>(async () => {
    const admin = await requireAdmin();
    const parsed = parseInput(sendInput, input);
    if ("failure" in parsed) return parsed.failure;
    const { deliveries, problems } = await deliveriesOf(parsed.data);
    if (problems.length) return succeed<SendOutcome>({ problems });
    const sent = await sendDeliveryRequest(admin.id, { ...parsed.data, deliveries });
    revalidatePath(`/admin/programs/${parsed.data.programId}`);
    return succeed<SendOutcome>({
      deliveryRequestId: sent.deliveryRequestId,
      href: requestHref(parsed.data.programId, sent.deliveryRequestId),
      deliveries: deliveries.length,
      total: formatAmount(sent.totalMinor, sent.unit),
      replayed: sent.replayed,
    });
  });
}
