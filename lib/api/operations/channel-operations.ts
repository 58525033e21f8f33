/** Create, Update and View of a delivery channel: the contract's three channel operations. */
import { z } from "zod";
import { say } from "@/lib/contract/validation-messages";
import { channelBodySchema, channelViewSchema, providerDeliveryChannelId } from "../../contract/channel";
import { channelUpdateBodySchema } from "../../contract/channel-update";
import { REQUEST_TYPES, requestReceiptSchema } from "../../contract/envelope-schema";
import { requestChannelCreate, requestChannelUpdate, viewChannel } from "../../domain/channels";
import { conflict } from "../../domain/errors";
import { validationError } from "../api-errors";
import { badRequest, channelNotFound, failureResponse } from "../openapi/document-responses";
import { EXAMPLE_CHANNEL, EXAMPLE_ID, EXAMPLE_VIEW, receiptExample } from "../openapi/examples";
import { defineOperation } from "../operation";

const TAG = "Delivery channels";

export const createChannel = defineOperation({
  operationId: "createDeliveryChannel",
  method: "POST",
  path: "/api/DeliveryChannel/Create",
  tag: TAG,
  summary: "Create delivery channel",
  description: `Requests a new delivery channel. Nothing changes for beneficiaries until a platform administrator approves the request.

- The channel starts \`REQUESTED\`: a \`status\` sent in the body is ignored.
- \`providerDeliveryChannelId\` is the provider's own id (1–64 letters, digits and \`-._~\`; a UUID is recommended) and must be new among the provider's channels: an existing id is a **409** (use Update to change that channel).
- The receipt's \`requestType\` is \`${REQUEST_TYPES.CREATE}\`.`,
  body: channelBodySchema,
  response: requestReceiptSchema,
  idempotencyKey: true,
  permission: "provider.channels.edit",
  run: ({ actor, body }) => requestChannelCreate(actor, body),
  docs: () => ({
    request: { description: "The channel to request.", example: EXAMPLE_CHANNEL },
    responseId: "CreateChannelResponse",
    ok: {
      description: "The request was recorded.",
      examples: {
        receipt: {
          summary: "Create request recorded",
          value: receiptExample("create", REQUEST_TYPES.CREATE),
        },
      },
    },
    invalidBody: { ...EXAMPLE_CHANNEL, providerDeliveryChannelId: "channel 1", colour: "blue" },
    responses: {
      409: failureResponse("The provider already has a channel with this providerDeliveryChannelId.", {
        duplicate: {
          summary: "Duplicate id",
          error: conflict(say("channelIdTaken", { id: EXAMPLE_ID })),
        },
      }),
    },
  }),
});

export const updateChannel = defineOperation({
  operationId: "updateDeliveryChannel",
  method: "POST",
  path: "/api/DeliveryChannel/Update",
  tag: TAG,
  summary: "Update delivery channel",
  description: `Requests a change to an existing channel, identified by \`providerDeliveryChannelId\` in the body.

- The body replaces the requested content as a whole: optional fields left out are cleared when the request is applied.
- This request supersedes every earlier create, update or update-status request of the channel that is still pending.
- \`status\` \`OFFLINE\` or \`ONLINE\` changes the channel's status at once; \`REQUESTED\` is refused (400); null or absent leaves the status unchanged.
- An update whose content equals the channel's *approved* content (null and absent fields count as equal) and that only sets a status is recorded as \`${REQUEST_TYPES.UPDATE_STATUS}\`; otherwise \`requestType\` is \`${REQUEST_TYPES.UPDATE}\`, so a channel never approved has no update-status requests. Approving a request approves its whole content.
- An id the provider has no channel under (including another provider's channel) is a **404**.`,
  body: channelUpdateBodySchema,
  response: requestReceiptSchema,
  idempotencyKey: true,
  permission: "provider.channels.edit",
  run: ({ actor, body }) => requestChannelUpdate(actor, body),
  docs: () => ({
    request: {
      description: "The channel's complete new content.",
      example: { ...EXAMPLE_CHANNEL, status: "ONLINE" },
    },
    responseId: "UpdateChannelResponse",
    ok: {
      description: "The request was recorded.",
      examples: {
        update: {
          summary: "Update request recorded",
          value: receiptExample("update", REQUEST_TYPES.UPDATE),
        },
        updateStatus: {
          summary: "Only the status changed",
          value: receiptExample("update status", REQUEST_TYPES.UPDATE_STATUS),
        },
      },
    },
    responses: {
      400: badRequest(validationError(["status: an update can set status only to OFFLINE or ONLINE"])),
      404: channelNotFound(),
    },
  }),
});

export const getChannel = defineOperation({
  operationId: "getDeliveryChannel",
  method: "GET",
  path: "/api/DeliveryChannel/Get/{providerDeliveryChannelId}",
  // A read-only key (scope "read") may call it.
  permission: "provider.read",
  tag: TAG,
  summary: "View delivery channel",
  description:
    "Returns one of the provider's channels: the approved content once there is one (a pending request does not show until it is approved), the requested content before that, together with `isApproved` and the current `status`. Every field is present, null where nothing was given. Another provider's channel answers **404** like an unknown id.",
  params: z.object({ providerDeliveryChannelId }),
  response: channelViewSchema,
  run: ({ actor, params }) => viewChannel(actor, params.providerDeliveryChannelId ?? ""),
  docs: () => ({
    responseId: "ViewChannelResponse",
    ok: {
      description: "The channel.",
      examples: { channel: { summary: "An approved channel", value: EXAMPLE_VIEW } },
    },
    responses: {
      // The contract documents 400, 401 and 500 for every operation; this service answers an id
      // no channel can have with 404, so View's 400 is listed for fidelity to the contract.
      400: failureResponse(
        "Listed by the contract for every operation. View has no body; an id that cannot exist is a 404.",
        { invalidRequest: { summary: "Invalid request", error: validationError() } },
      ),
      404: channelNotFound(),
    },
  }),
});
