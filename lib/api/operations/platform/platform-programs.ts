/** Programs: the console's program list and page, creating one and letting a channel serve it. */

import { z } from "zod";
import { BURN_DOWN_POINTS } from "@/lib/domain/budgets";
import {
  anyObjectSchema,
  doneSchema,
  pagedListSchema,
  programSchema,
} from "../../../contract/platform/platform-answers";
import {
  newProgramBodySchema,
  pageOnlySchema,
  programChannelBodySchema,
  retentionPeriodBodySchema,
} from "../../../contract/platform/platform-inputs";
import { setProgramRetention } from "../../../domain/beneficiary-data";
import { notFound } from "../../../domain/errors";
import {
  addChannelToProgram,
  createProgram,
  listPrograms,
  PROGRAMS_PAGE_SIZE,
  programDetail,
} from "../../../domain/programs";
import { CURSOR_PAGING, emptyPage, platformOperation } from "./define-platform-operation";

export const programId = z.string().meta({ description: "The program's id." });
const EXAMPLE_PROGRAM = {
  id: "0193a1c2-7e1f-7000-8000-000000000010",
  name: "Winter support 2026",
  description: "Cash for heating",
  unit: "EUR",
  createdAt: "2026-11-23T09:00:00.000Z",
};

export const listProgramsOperation = platformOperation({
  operationId: "platformListPrograms",
  method: "GET",
  permission: "console.read",
  path: "/programs",
  summary: "List programs",
  description: `The live programs, newest first, ${PROGRAMS_PAGE_SIZE} a page (${CURSOR_PAGING}), each with its virtual budget (minor units as text), \`requestCount\` and channel count.`,
  response: pagedListSchema,
  query: pageOnlySchema,
  run: ({ actor, filters }) => listPrograms(actor, filters),
  example: {
    ...emptyPage(PROGRAMS_PAGE_SIZE),
    total: 1,
    items: [{ ...EXAMPLE_PROGRAM, requestCount: 0, budget: { limitMinor: "5000000" } }],
  },
});

export const createProgramOperation = platformOperation({
  operationId: "platformCreateProgram",
  method: "POST",
  permission: "programs.manage",
  path: "/programs",
  summary: "Create a program",
  description:
    "Creates a program with its virtual budget (`virtualBudget` in the unit, at most two decimals) and, optionally, `retentionDays` (1 to 3650, default 365): how long a final delivery's beneficiary values are kept before they are erased. Needs the program manager role.",
  body: newProgramBodySchema,
  response: programSchema,
  run: ({ actor, body }) => createProgram(actor, body),
  requestExample: {
    name: "Winter support 2026",
    description: "Cash for heating",
    unit: "EUR",
    virtualBudget: 50000,
    retentionDays: 365,
  },
  example: EXAMPLE_PROGRAM,
});

export const getProgram = platformOperation({
  operationId: "platformGetProgram",
  method: "GET",
  permission: "console.read",
  path: "/programs/{programId}",
  summary: "Get a program",
  description: `A program as its console page shows it: the virtual budget with its burn-down (\`burnDown\`: the reserved total after each movement, or at ${BURN_DOWN_POINTS} evenly spaced times when it has moved more often), its channels (each with its budget and whether it receives sends now), and its latest 50 delivery requests.`,
  params: z.object({ programId }),
  response: anyObjectSchema,
  run: async ({ actor, params }) => {
    const program = await programDetail(actor, params.programId ?? "");
    if (!program) throw notFound("No such program.");
    const { candidates: _candidates, requests, ...shown } = program;
    return {
      ...shown,
      requests: requests.map(({ channel, deliveryCount, ...request }) => ({
        ...request,
        deliveries: deliveryCount,
        channel: { providerDeliveryChannelId: channel.providerDeliveryChannelId },
      })),
    };
  },
  example: { ...EXAMPLE_PROGRAM, virtualBudget: {}, channels: [], requests: [] },
});

export const addProgramChannel = platformOperation({
  operationId: "platformAddProgramChannel",
  method: "POST",
  permission: "programs.manage",
  path: "/programs/{programId}/channels",
  summary: "Let a channel serve a program",
  description:
    "Adds an approved channel to the program (again: nothing changes). Needs the program manager role.",
  params: z.object({ programId }),
  body: programChannelBodySchema,
  response: doneSchema,
  run: async ({ actor, params, body }) => {
    await addChannelToProgram(actor, params.programId ?? "", body.channelId);
    return { done: true };
  },
  requestExample: { channelId: "0193a1c2-7e1f-7000-8000-000000000002" },
  example: { done: true },
});

export const setRetentionOperation = platformOperation({
  operationId: "platformSetRetentionPeriod",
  method: "POST",
  permission: "policies.manage",
  path: "/programs/{programId}/retention",
  summary: "Set a program's retention period",
  description:
    "How many days (1 to 3650) a final delivery's beneficiary values are kept before the retention worker erases them (docs/data-protection.md). A shorter period erases what is past it at the worker's next hourly round. Needs the administrator role.",
  params: z.object({ programId }),
  body: retentionPeriodBodySchema,
  response: doneSchema,
  run: async ({ actor, params, body }) => {
    await setProgramRetention(actor, {
      programId: params.programId ?? "",
      retentionDays: body.retentionDays,
    });
    return { done: true };
  },
  requestExample: { retentionDays: 180 },
  example: { done: true },
});
