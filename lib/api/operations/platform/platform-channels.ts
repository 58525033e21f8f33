/** Channels: the console's channel list and channel page. */
import { z } from "zod";
import { anyObjectSchema, channelListSchema } from "../../../contract/platform/platform-answers";
import { channelFilterSchema } from "../../../contract/platform/platform-inputs";
import { adminChannelDetail, allChannels } from "../../../domain/channels";
import { notFound } from "../../../domain/errors";
import { CURSOR_PAGING, emptyPage, platformOperation } from "./define-platform-operation";

export const listChannels = platformOperation({
  operationId: "platformListChannels",
  method: "GET",
  permission: "console.read",
  path: "/channels",
  summary: "List channels",
  description: `Live providers' channels, most recently changed first, 25 a page (${CURSOR_PAGING}). Filters: \`provider\` (id), \`status\` (ONLINE, OFFLINE, REQUESTED), \`approved\` (yes, no), \`request\` (pending, rejected: the newest request), \`category\`, \`country\` (two letters: available there).`,
  query: channelFilterSchema,
  response: channelListSchema,
  run: ({ actor, filters }) => {
    const { provider, ...filter } = filters;
    return allChannels(actor, { ...filter, providerId: provider });
  },
  example: { ...emptyPage(25), items: [] },
});

export const getChannel = platformOperation({
  operationId: "platformGetChannel",
  method: "GET",
  permission: "console.read",
  path: "/channels/{channelId}",
  summary: "Get a channel",
  description:
    "One channel as the console's channel page shows it: its content (approved, else requested), status, provider, request history and translations.",
  params: z.object({ channelId: z.string().meta({ description: "The channel's internal id." }) }),
  response: anyObjectSchema,
  run: async ({ actor, params }) => {
    const channel = await adminChannelDetail(actor, params.channelId ?? "");
    if (!channel) throw notFound("No such channel.");
    const { approvedContent, requestedContent, searchText, availabilityTags, sortName, ...shown } =
      channel as typeof channel & {
        searchText?: unknown;
        availabilityTags?: unknown;
        sortName?: unknown;
      };
    return shown;
  },
  example: {
    id: "0193a1c2-7e1f-7000-8000-000000000002",
    providerDeliveryChannelId: "cash-plus",
    status: "ONLINE",
  },
});
