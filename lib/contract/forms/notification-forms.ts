/** A user's notification settings as the settings form sends them: the kinds to keep on. */

import { z } from "zod";
import { MAIL_KIND_NAMES } from "../mail-kinds";
import { say } from "../validation-messages";

export const notificationSettingsSchema = z.object({
  on: z
    .array(z.enum(MAIL_KIND_NAMES as [string, ...string[]]))
    .max(MAIL_KIND_NAMES.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, say("namesKindTwice")),
});
