/**
 * A program's tables as CSV, for the console's program page: its delivery requests, its deliveries
 * and its channels. For whoever may read the program (console.read, as its page), a live program
 * only (a sandbox's is no program of the console's). Streamed in batches read by index (requests by
 * programId, createdAt; deliveries by deliveryRequestId, id), so a program of a million
 * deliveries exports in constant memory. Cells a spreadsheet would run as a formula (=, +, -, @
 * first) are escaped with papaparse's escapeFormulae, as the audit trail's export does: descriptions,
 * beneficiary ids and names are typed by people. Amounts are numbers in the unit (12.5), as the API
 * writes them. A delivery's options (phone numbers and the like) are left out; its beneficiary id
 * comes as the request's page shows it: masked, in clear for a role that may see it and says why
 * (`purpose`), each request's read recorded in the audit trail (issue 36, items 2 and 3).
 */
import Papa from "papaparse";
import { db } from "../../db";
import {
  idAsShown,
  recordValuesRead,
  type ValueView,
  valueViewOf,
  withBeneficiaryIds,
} from "../beneficiary-data";
import { channelStanding, STANDING_COLUMNS } from "../channels";
import { LIVE_PROGRAM } from "../live-scope";
import { fromMinor } from "../money";
import { type Actor, authorize } from "../permissions";
import { channelName } from "../stored-channel-content";
import { programSpending } from "./manage-programs";

export const PROGRAM_TABLES = ["requests", "deliveries", "channels"] as const;
export type ProgramTable = (typeof PROGRAM_TABLES)[number];

const BATCH = 500;

const unparse = (rows: unknown[][]) => `${Papa.unparse(rows, { escapeFormulae: true, newline: "\r\n" })}\r\n`;
const iso = (date: Date | null) => date?.toISOString() ?? "";

/** The program's name and the CSV of one of its tables; null when there is no such live program. */
export async function programCsv(
  actor: Actor,
  programId: string,
  table: ProgramTable,
  purpose?: unknown,
): Promise<{ programName: string; rows: AsyncGenerator<string> } | null> {
  authorize(actor, "console.read");
  const program = await db().program.findFirst({
    where: { id: programId, ...LIVE_PROGRAM },
    select: { id: true, name: true },
  });
  if (!program) return null;
  const rows =
    table === "requests"
      ? requestRows(program.id)
      : table === "deliveries"
        ? deliveryRows(program.id, { actor, purpose, view: valueViewOf(actor, purpose) })
        : channelRows(actor, program.id);
  return { programName: program.name, rows };
}

/** The program's requests oldest first, a batch at a time (index programId, createdAt). */
async function* requestsOf(programId: string) {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const batch: Awaited<ReturnType<typeof readRequests>> = await readRequests(programId, after);
    if (batch.length === 0) return;
    yield batch;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

const readRequests = (programId: string, after: { createdAt: Date; id: string } | null) =>
  db().deliveryRequest.findMany({
    where: {
      programId,
      ...(after
        ? {
            OR: [
              { createdAt: { gt: after.createdAt } },
              { createdAt: after.createdAt, id: { gt: after.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: BATCH,
    select: {
      id: true,
      createdAt: true,
      description: true,
      unit: true,
      totalMinor: true,
      deliveryCount: true,
      deliveredMinor: true,
      revertedMinor: true,
      undeliveredMinor: true,
      approvalState: true,
      status: true,
      providerDeliveryRequestId: true,
      channel: {
        select: {
          providerDeliveryChannelId: true,
          approvedContent: true,
          provider: { select: { name: true } },
        },
      },
    },
  });

async function* requestRows(programId: string): AsyncGenerator<string> {
  yield unparse([
    [
      "deliveryRequestId",
      "createdAt",
      "description",
      "channel",
      "providerDeliveryChannelId",
      "provider",
      "unit",
      "total",
      "deliveries",
      "delivered",
      "reverted",
      "undelivered",
      "approvalState",
      "status",
      "providerDeliveryRequestId",
    ],
  ]);
  for await (const batch of requestsOf(programId))
    yield unparse(
      batch.map((request) => [
        request.id,
        iso(request.createdAt),
        request.description,
        channelName(request.channel.approvedContent, request.channel.providerDeliveryChannelId),
        request.channel.providerDeliveryChannelId,
        request.channel.provider.name,
        request.unit,
        fromMinor(request.totalMinor),
        request.deliveryCount,
        fromMinor(request.deliveredMinor),
        fromMinor(request.revertedMinor),
        fromMinor(request.undeliveredMinor),
        request.approvalState,
        request.status,
        request.providerDeliveryRequestId ?? "",
      ]),
    );
}

/** Every delivery of the program, request by request, each request's in the order they were sent. */
async function* deliveryRows(
  programId: string,
  reader: { actor: Actor; purpose: unknown; view: ValueView },
): AsyncGenerator<string> {
  yield unparse([
    [
      "deliveryRequestId",
      "deliveryRequest",
      "deliveryId",
      "beneficiaryId",
      "amount",
      "unit",
      "status",
      "providerDeliveryId",
      "deliveredAt",
      "deliveredAmount",
      "revertedAt",
      "refundRequestedAt",
    ],
  ]);
  for await (const requests of requestsOf(programId))
    for (const request of requests) {
      await recordValuesRead(reader.actor, {
        deliveryRequestId: request.id,
        deliveries: "all",
        purpose: reader.purpose,
        view: reader.view,
        through: "deliveries CSV",
      });
      let after: string | null = null;
      for (;;) {
        const read: Awaited<ReturnType<typeof readDeliveries>> = await readDeliveries(request.id, after);
        if (read.length === 0) break;
        // Beneficiary ids are sealed (issue 36): opened for the export, a tombstone once erased.
        const deliveries = await withBeneficiaryIds(read);
        yield unparse(
          deliveries.map((delivery) => [
            request.id,
            request.description,
            delivery.id,
            idAsShown(reader.view, delivery.beneficiaryId),
            fromMinor(delivery.amountMinor),
            request.unit,
            delivery.status,
            delivery.providerDeliveryId ?? "",
            iso(delivery.deliveredAt),
            delivery.deliveredAmountMinor === null ? "" : fromMinor(delivery.deliveredAmountMinor),
            iso(delivery.revertedAt),
            iso(delivery.refundRequestedAt),
          ]),
        );
        after = deliveries[deliveries.length - 1]!.id;
      }
    }
}

/** A request's deliveries by id (a uuid v7: the order sent), a batch at a time (index deliveryRequestId, id). */
const readDeliveries = (deliveryRequestId: string, after: string | null) =>
  db().delivery.findMany({
    where: { deliveryRequestId, ...(after ? { id: { gt: after } } : {}) },
    orderBy: { id: "asc" },
    take: BATCH,
    select: {
      id: true,
      beneficiaryId: true,
      beneficiaryRef: true,
      amountMinor: true,
      deliveredAmountMinor: true,
      status: true,
      providerDeliveryId: true,
      deliveredAt: true,
      revertedAt: true,
      refundRequestedAt: true,
    },
  });

/** The channels serving the program (and any that served it), with what the program sent through each. */
async function* channelRows(actor: Actor, programId: string): AsyncGenerator<string> {
  yield unparse([
    [
      "channelId",
      "providerDeliveryChannelId",
      "channel",
      "provider",
      "serving",
      "status",
      "approved",
      "standing",
      "requests",
      "sent",
      "reserved",
      "delivered",
      "reverted",
      "undelivered",
    ],
  ]);
  const [links, spending] = await Promise.all([
    db().programChannel.findMany({
      where: { programId },
      select: { channelId: true },
    }),
    programSpending(actor, programId),
  ]);
  const serving = new Set(links.map((link) => link.channelId));
  const spent = new Map(spending.map((row) => [row.channelId, row]));
  const ids = [...new Set([...serving, ...spent.keys()])];
  const channels = await db().channel.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      providerDeliveryChannelId: true,
      approvedContent: true,
      ...STANDING_COLUMNS,
      provider: { select: { name: true } },
    },
  });
  const named = channels
    .map((channel) => ({
      ...channel,
      name: channelName(channel.approvedContent, channel.providerDeliveryChannelId),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en") || a.id.localeCompare(b.id));
  yield unparse(
    named.map((channel) => {
      const row = spent.get(channel.id);
      const standing = channelStanding({ ...channel, pending: channel.requests[0] ?? null });
      return [
        channel.id,
        channel.providerDeliveryChannelId,
        channel.name,
        channel.provider.name,
        serving.has(channel.id),
        channel.status,
        channel.isApproved,
        standing.state,
        row?.requests ?? 0,
        fromMinor(row?.sentMinor ?? 0n),
        fromMinor(row?.reservedMinor ?? 0n),
        fromMinor(row?.deliveredMinor ?? 0n),
        fromMinor(row?.revertedMinor ?? 0n),
        fromMinor(row?.undeliveredMinor ?? 0n),
      ];
    }),
  );
}
