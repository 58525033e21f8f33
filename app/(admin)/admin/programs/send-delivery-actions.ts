"use server";
/**
 * Sending a delivery request from the program page: a preview for the confirmation (count, total,
 * each budget that applies and what remains after, an identical batch sent within 24 h), then the
 * send under the form's idempotency key. Deliveries come from a CSV file or from rows entered in the
 * form; any bad row sends nothing and every row's problems come back.
 */
import { getLocale, getTranslations } from "next-intl/server";
import { readAmountText } from "@/lib/amount-text";
import {
  type PreviewOutcome,
  type RowProblem,
  type SendInput,
  type SendOutcome,
  sendInputSchema,
} from "@/lib/contract/forms/delivery-request-form";
import { say } from "@/lib/contract/validation-messages";
import { nameInViewersLanguage } from "@/lib/domain/channels";
import {
  approvedDeliveryOptions,
  checkSend,
  type DeliveryList,
  parseDeliveriesCsv,
  previewDeliveryRequest,
  sendDeliveryRequest,
} from "@/lib/domain/deliveries";
import { tooMany } from "@/lib/domain/errors";
import { withoutDirectionControls } from "@/lib/format";
import { getFormat } from "@/lib/i18n/get-format";
import { admitHeavyWork, costOfBody, costOfListBody, ServerBusy } from "@/lib/infrastructure/admission";
import { defineAction } from "@/lib/portal/define-action";

/**
 * The deliveries of the input, or every row's problems (rows count from 1; CSV lines from the header).
 * A row's amount is typed as the reader's language writes numbers; a CSV file's is a machine's ("1234.50").
 */
async function deliveriesOf(input: SendInput): Promise<{ deliveries: DeliveryList; problems: RowProblem[] }> {
  if (input.source === "csv")
    return parseDeliveriesCsv(input.csv, await approvedDeliveryOptions(input.channelId));
  const locale = await getLocale();
  const deliveries = input.deliveries.map((row) => ({
    beneficiaryId: row.beneficiaryId.trim(),
    amount: readAmountText(row.amount, locale) ?? Number.NaN,
    options: Object.fromEntries(Object.entries(row.options).filter(([, value]) => value !== "")),
  }));
  const problems = await checkSend(input.channelId, deliveries);
  return { deliveries, problems: problems.map(({ index, ...problem }) => ({ line: index + 1, ...problem })) };
}

/**
 * A send's work within the server's heavy-work budget (lib/infrastructure/admission.ts), as the API's sends are:
 * a full CSV holds tens of megabytes while it is parsed and written. Refused when its turn does not
 * come in time, with a message to try again.
 */
async function withinBudget<T>(input: SendInput, work: () => Promise<T>): Promise<T> {
  // A CSV is read a row at a time, as the API's list; the form's rows are objects already, as a JSON body's.
  const cost =
    input.source === "csv"
      ? costOfListBody(input.csv.length)
      : costOfBody(JSON.stringify(input.deliveries).length, input.deliveries.length * 2);
  try {
    return await admitHeavyWork(cost, work);
  } catch (error) {
    if (error instanceof ServerBusy)
      throw tooMany(say("serverBusyTryAgain", { seconds: error.retryAfterSeconds }));
    throw error;
  }
}

const requestHref = (programId: string, requestId: string) =>
  `/admin/programs/${programId}/requests/${requestId}`;

export const previewSendAction = defineAction({
  role: "admin",
  permission: "deliveries.send",
  input: sendInputSchema,
  run: async (input, user): Promise<PreviewOutcome> => {
    const checked = await withinBudget(input, async () => {
      const { deliveries, problems } = await deliveriesOf(input);
      if (problems.length) return { problems };
      return { preview: await previewDeliveryRequest(user.actor, { ...input, deliveries }) };
    });
    if (!checked.preview) return { problems: checked.problems };
    const { preview } = checked;
    const format = await getFormat();
    const t = await getTranslations("programs.detail");
    const channelName = await nameInViewersLanguage(input.channelId, preview.channelName, await getLocale());
    return {
      preview: {
        count: preview.count,
        total: format.amount(preview.totalMinor, preview.unit),
        channelName,
        budgets: preview.budgets.map((budget) => ({
          label:
            budget.kind === "channel"
              ? t("channelBudgetOf", { channel: withoutDirectionControls(channelName) })
              : t("virtualBudget"),
          remaining: format.amount(budget.remainingMinor, preview.unit),
          remainingAfter: format.amount(budget.remainingAfterMinor, preview.unit),
          exceeded: budget.remainingAfterMinor < 0n,
        })),
        duplicateOf: preview.duplicateOf && {
          description: preview.duplicateOf.description,
          sentAt: format.dateTime(preview.duplicateOf.createdAt),
          href: requestHref(input.programId, preview.duplicateOf.id),
        },
        approvalsRequired: preview.approvalsRequired,
      },
    };
  },
});

export const sendAction = defineAction({
  role: "admin",
  permission: "deliveries.send",
  input: sendInputSchema,
  run: async (input, user): Promise<SendOutcome> => {
    const outcome = await withinBudget(input, async () => {
      const { deliveries, problems } = await deliveriesOf(input);
      if (problems.length) return { problems };
      const sent = await sendDeliveryRequest(user.actor, { ...input, deliveries });
      return { sent, count: deliveries.length };
    });
    if (!outcome.sent) return { problems: outcome.problems };
    const { sent, count } = outcome;
    return {
      deliveryRequestId: sent.deliveryRequestId,
      href: requestHref(input.programId, sent.deliveryRequestId),
      deliveries: count,
      total: (await getFormat()).amount(sent.totalMinor, sent.unit),
      replayed: sent.replayed,
      approvalsRequired: sent.approvalState === "PENDING_APPROVAL" ? sent.approvalsRequired : 0,
    };
  },
  revalidate: ({ programId }, sent) => ("problems" in sent ? undefined : `/admin/programs/${programId}`),
});
