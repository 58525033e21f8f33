/**
 * Assistance programs: what they give, their virtual budget, and the approved channels serving them.
 * The console sees live programs and channels only: a sandbox's program and channels are test data.
 */
import { DEFAULT_RETENTION_DAYS, type ProgramInput } from "../../contract/forms/program-forms";
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { recordAudit } from "../audit";
import { optionPurposes } from "../beneficiary-data";
import { budgetOverview, channelBudgetOverviews } from "../budgets";
import { channelStanding, receivesDeliveries, STANDING_COLUMNS } from "../channels";
import { optionColumns } from "../deliveries";
import { invalid, notFound } from "../errors";
import { LIVE_PROGRAM, LIVE_ROW } from "../live-scope";
import { toMinor } from "../money";
import { type PageQuery, readKeysetPage } from "../paging";
import { policyView } from "../payments";
import { type Actor, authorize } from "../permissions";
import { channelName, parseContent } from "../stored-channel-content";

export async function createProgram(actor: Actor, input: ProgramInput) {
  authorize(actor, "programs.manage");
  const limitMinor = toMinor(input.virtualBudget);
  return db().$transaction(async (tx) => {
    const program = await tx.program.create({
      data: {
        name: input.name,
        description: input.description,
        unit: input.unit,
        retentionDays: input.retentionDays ?? DEFAULT_RETENTION_DAYS,
        budget: { create: { kind: "PROGRAM", unit: input.unit, limitMinor } },
      },
    });
    await recordAudit(tx, actor, {
      action: "program.created",
      subjectType: "Program",
      subjectId: program.id,
      after: {
        name: input.name,
        unit: input.unit,
        virtualBudgetMinor: limitMinor,
        retentionDays: program.retentionDays,
      },
    });
    return program;
  });
}

/**
 * Lets an approved channel serve the program (idempotent: a second add records nothing); a retired
 * one serves no program any more.
 */
export async function addChannelToProgram(actor: Actor, programId: string, channelId: string) {
  authorize(actor, "programs.manage");
  const channel = await db().channel.findFirst({
    where: { id: channelId, ...LIVE_ROW },
    select: { isApproved: true, retiredAt: true },
  });
  if (!channel) throw notFound(say("noSuchChannel"));
  if (channel.retiredAt) throw invalid("channelId", say("retiredChannelServesNoProgram"));
  if (!channel.isApproved) throw invalid("channelId", say("onlyApprovedChannelServesProgram"));
  // Checked, not left to the link's foreign key: that failure would reach the caller as a 500.
  const program = await db().program.findFirst({
    where: { id: programId, ...LIVE_PROGRAM },
    select: { id: true },
  });
  if (!program) throw notFound(say("noSuchProgram"));
  await db().$transaction(async (tx) => {
    const link = { programId_channelId: { programId, channelId } };
    if (await tx.programChannel.findUnique({ where: link })) return;
    await tx.programChannel.create({ data: { programId, channelId } });
    await recordAudit(tx, actor, {
      action: "program.channel_added",
      subjectType: "Program",
      subjectId: programId,
      after: { channelId },
    });
  });
}

/** Not found unless the program exists and is live (a sandbox's program is test data). */
export async function requireLiveProgram(programId: string): Promise<{ requestCount: number }> {
  const program = await db().program.findFirst({
    where: { id: programId, ...LIVE_PROGRAM },
    select: { requestCount: true },
  });
  if (!program) throw notFound(say("noSuchProgram"));
  return program;
}

export const PROGRAMS_PAGE_SIZE = 25;

/**
 * One page of the live programs, newest first (index sandboxFor, createdAt, id), with each one's
 * virtual budget, channel count and request count (Program.requestCount, kept by the database).
 */
export function listPrograms(actor: Actor, query: PageQuery = {}) {
  authorize(actor, "console.read");
  return readKeysetPage({
    query,
    pageSize: PROGRAMS_PAGE_SIZE,
    key: { field: "createdAt", direction: "desc", kind: "date" },
    table: db().program,
    filter: LIVE_PROGRAM,
    rows: ({ where, orderBy, take }) =>
      db().program.findMany({
        where,
        orderBy,
        take,
        include: { budget: true, _count: { select: { channels: true } } },
      }),
  });
}

/**
 * A program's page: its virtual budget, its channels (each with its name, budget, the columns of a
 * send's rows and whether it receives sends now), its latest delivery requests, and the channels it
 * could add.
 */
export async function programDetail(actor: Actor, programId: string) {
  authorize(actor, "console.read");
  const program = await db().program.findFirst({
    where: { id: programId, ...LIVE_PROGRAM },
    include: {
      channels: {
        include: {
          channel: {
            select: {
              id: true,
              providerDeliveryChannelId: true,
              approvedContent: true,
              ...STANDING_COLUMNS,
              provider: { select: { name: true } },
            },
          },
        },
      },
    },
  });
  if (!program) return null;
  const attached = program.channels.map((link) => link.channelId);
  const [requests, virtualBudget, budgets, candidates, purposes] = await Promise.all([
    latestRequests(programId),
    budgetOverview({ programId }),
    channelBudgetOverviews(attached),
    candidateChannels(attached),
    optionPurposes(attached),
  ]);
  return {
    ...program,
    requests,
    policy: policyView(program),
    virtualBudget,
    channels: program.channels.map(({ channel }) => {
      const content = channel.approvedContent ? parseContent(channel.approvedContent) : null;
      return {
        id: channel.id,
        name: channelName(channel.approvedContent, channel.providerDeliveryChannelId),
        providerName: channel.provider.name,
        standing: channelStanding({ ...channel, pending: channel.requests[0] ?? null }),
        budget: budgets.get(channel.id) ?? null,
        hasBudgetAmount: Boolean(content?.budget?.amount),
        columns: optionColumns(content?.deliveryOptions ?? [], purposes.get(channel.id)),
        sendable: receivesDeliveries(channel),
      };
    }),
    candidates,
  };
}

/**
 * The program's latest 50 delivery requests, read on their own: a nested `take` under an include is
 * applied after reading every request. A request may carry 10,000 deliveries: the page shows its
 * deliveryCount, and deliveryRequestDetail pages through them.
 */
function latestRequests(programId: string) {
  return db().deliveryRequest.findMany({
    where: { programId },
    orderBy: { createdAt: "desc" },
    take: 50,
    include: {
      channel: { select: { providerDeliveryChannelId: true, approvedContent: true } },
    },
  });
}

/** Approved channels in service not yet serving the program, newest change first, by name. */
async function candidateChannels(attached: string[]) {
  const candidates = await db().channel.findMany({
    where: { ...LIVE_ROW, isApproved: true, retiredAt: null, id: { notIn: attached } },
    orderBy: { updatedAt: "desc" },
    take: 200,
    select: {
      id: true,
      providerDeliveryChannelId: true,
      approvedContent: true,
      provider: { select: { name: true } },
    },
  });
  return candidates.map(({ approvedContent, ...channel }) => ({
    ...channel,
    name: channelName(approvedContent, channel.providerDeliveryChannelId),
  }));
}

/**
 * The program's spending per channel that served it, by name: requests sent, the total sent, and of
 * that what is reserved (not reverted, nor left undelivered by a partial delivery), delivered,
 * reverted and undelivered. Of its requests whose amounts stay
 * reserved (sent, or awaiting approval: rejected and expired ones released theirs), so it adds up to
 * the program's virtual budget. The database keeps these sums per channel as requests are written
 * (ProgramChannelSpending), so the page reads one row per channel, not every request ever sent.
 */
export async function programSpending(actor: Actor, programId: string) {
  authorize(actor, "console.read");
  const spending = await db().programChannelSpending.findMany({
    where: { programId, requests: { gt: 0 } },
    include: {
      channel: {
        select: {
          providerDeliveryChannelId: true,
          approvedContent: true,
          provider: { select: { name: true } },
        },
      },
    },
  });
  const rows = spending.map((row) => ({
    channelId: row.channelId,
    name: channelName(row.channel.approvedContent, row.channel.providerDeliveryChannelId),
    providerName: row.channel.provider.name,
    requests: row.requests,
    sentMinor: row.sentMinor,
    // Reverted deliveries and what partial deliveries did not deliver went back to the budgets.
    reservedMinor: row.sentMinor - row.revertedMinor - row.undeliveredMinor,
    deliveredMinor: row.deliveredMinor,
    revertedMinor: row.revertedMinor,
    undeliveredMinor: row.undeliveredMinor,
  }));
  return rows.sort((a, b) => a.name.localeCompare(b.name, "en") || a.channelId.localeCompare(b.channelId));
}
