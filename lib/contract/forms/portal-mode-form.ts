/** The provider portal's live/test switch (docs/sandbox.md "Test mode (sandbox)"). */
import { z } from "zod";
import { say } from "../validation-messages";

export const PORTAL_MODES = ["live", "test"] as const;
export type PortalMode = (typeof PORTAL_MODES)[number];

export const portalModeSchema = z.object({
  mode: z.enum(PORTAL_MODES, { error: say("mustBeOneOf", { values: PORTAL_MODES.join(", ") }) }),
});
