"use server";
/** Programs, delivery requests and refunds: program managers are administrators. */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import type { ChannelBody } from "@/lib/contract/channel";
import { db } from "@/lib/db";
import { type RowProblem, parseDeliveriesCsv } from "@/lib/domain/delivery-csv";
import { CSV_TOO_LARGE, MAX_CSV_BYTES } from "@/lib/domain/delivery-limits";
import { deliveryProblems, requestRefund, sendDeliveryRequest } from "@/lib/domain/delivery-requests";
import { notFound } from "@/lib/domain/errors";
import { addChannelToProgram, createProgram, programInputSchema } from "@/lib/domain/programs";
import { type ActionResult, parseInput, runAction, succeed, idArgument } from "@/lib/portal/action-result";

export async function createProgramAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    await requireAdmin();
    const parsed = parseInput(programInputSchema, input);
    if ("failure" in parsed) return parsed.failure;
    const program = await createProgram(parsed.data);
    revalidatePath("/admin/programs");
    return succeed({ id: program.id });
  });
}

export async function addChannelAction(
  programId: string,
  channelId: string,
): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    await requireAdmin();
    await addChannelToProgram(idArgument(programId), idArgument(channelId));
    revalidatePath(`/admin/programs/${programId}`);
    return succeed(undefined);
  });
}

const csvRequest = z.object({
  programId: z.string(),
  channelId: z.string().min(1, "Choose a channel"),
  description: z.string().trim().min(1, "Enter a description").max(500, "at most 500 characters"),
  csv: z.string().min(1, "Choose a CSV file").max(MAX_CSV_BYTES, CSV_TOO_LARGE),
});

export type CsvSendResult = { deliveryRequestId: string; deliveries: number } | { problems: RowProblem[] };

/** Sends a delivery request from an uploaded CSV; a file with any bad row sends nothing and reports every row. */
export async function sendFromCsvAction(input: unknown): Promise<ActionResult<CsvSendResult>> {
  return runAction<CsvSendResult>(async () => {
    const admin = await requireAdmin();
    const parsed = parseInput(csvRequest, input);
    if ("failure" in parsed) return parsed.failure;
    const { programId, channelId, description, csv } = parsed.data;
    const channel = await db().channel.findUnique({
      where: { id: channelId },
      select: { approvedContent: true },
    });
    if (!channel?.approvedContent) throw notFound("No such approved channel.");
    const options = (JSON.parse(channel.approvedContent) as ChannelBody).deliveryOptions ?? [];
    const { deliveries, problems } = parseDeliveriesCsv(csv, options);
    if (problems.length) return succeed<CsvSendResult>({ problems });
    const sent = await sendDeliveryRequest(admin.id, { programId, channelId, description, deliveries });
    revalidatePath(`/admin/programs/${programId}`);
    return succeed<CsvSendResult>({
      deliveryRequestId: sent.deliveryRequestId,
      deliveries: deliveries.length,
    });
  });
}

const formRequest = z.object({
  programId: z.string(),
  channelId: z.string().min(1, "Choose a channel"),
  description: z.string().trim().min(1, "Enter a description").max(500, "at most 500 characters"),
  deliveries: z
    .array(
      z.object({ beneficiaryId: z.string(), amount: z.string(), options: z.record(z.string(), z.string()) }),
    )
    .min(1, "Add at least one delivery")
    .max(500, "Use a CSV file for more than 500 deliveries"),
});

/** Sends deliveries entered in the form; any bad row sends nothing and every row's problems come back. */
export async function sendFromFormAction(input: unknown): Promise<ActionResult<CsvSendResult>> {
  return runAction<CsvSendResult>(async () => {
    const admin = await requireAdmin();
    const parsed = parseInput(formRequest, input);
    if ("failure" in parsed) return parsed.failure;
    const { programId, channelId, description } = parsed.data;
    const options = await channelOptions(channelId);
    const deliveries = parsed.data.deliveries.map((row) => ({
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
    if (problems.length) return succeed<CsvSendResult>({ problems });
    const sent = await sendDeliveryRequest(admin.id, { programId, channelId, description, deliveries });
    revalidatePath(`/admin/programs/${programId}`);
    return succeed<CsvSendResult>({
      deliveryRequestId: sent.deliveryRequestId,
      deliveries: deliveries.length,
    });
  });
}

async function channelOptions(channelId: string) {
  const channel = await db().channel.findUnique({
    where: { id: channelId },
    select: { approvedContent: true },
  });
  if (!channel?.approvedContent) throw notFound("No such approved channel.");
  return (JSON.parse(channel.approvedContent) as ChannelBody).deliveryOptions ?? [];
}

export async function refundAction(programId: string, deliveryId: string): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    await requestRefund(admin.id, idArgument(deliveryId));
    revalidatePath(`/admin/programs/${programId}`);
    return succeed(undefined);
  });
}
