"use server";
/** The provider portal's live/test switch: every page under the layout shows the chosen data. */
import { writePortalMode } from "@/lib/auth/portal-mode";
import { portalModeSchema } from "@/lib/contract/forms/portal-mode-form";
import { defineAction } from "@/lib/portal/define-action";

export const setPortalModeAction = defineAction({
  role: "provider",
  permission: "provider.read",
  input: portalModeSchema,
  run: async ({ mode }) => {
    await writePortalMode(mode);
  },
  revalidate: { path: "/", type: "layout" },
  // The switch works from any page, a stale one included: it says which mode to show from now on.
  anyMode: true,
});
