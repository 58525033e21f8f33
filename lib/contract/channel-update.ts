/** The body of Update (lib/contract/channel.ts holds Create's, which it extends). */
import { z } from "zod";
import { channelBodySchema } from "./channel";
import { say } from "./validation-messages";

/**
 * The body of Update: Create's, with a status the update may set. Refusing REQUESTED here puts
 * the rule in the reference's enum; the domain still refuses it for the portal's callers.
 */
export const channelUpdateBodySchema = channelBodySchema
  .extend({
    status: z
      .enum(["OFFLINE", "ONLINE"], { error: say("updateSetsStatusOnlyOfflineOrOnline") })
      .nullish()
      .meta({
        description:
          "OFFLINE or ONLINE changes the status at once; null or absent leaves the status unchanged.",
      }),
  })
  .meta({
    id: "DeliveryChannelUpdate",
    description:
      "A delivery channel's complete new content (body of Update). Unknown properties are refused at every level.",
  });
