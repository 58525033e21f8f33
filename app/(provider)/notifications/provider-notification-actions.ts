"use server";
/** A provider user's own notification settings. */
import { notificationSettingsSchema } from "@/lib/contract/forms/notification-forms";
import { saveNotificationSettings } from "@/lib/domain/notifications";
import { defineAction } from "@/lib/portal/define-action";

export const saveNotificationsAction = defineAction({
  role: "provider",
  permission: "provider.read",
  input: notificationSettingsSchema,
  run: async ({ on }, user) => {
    await saveNotificationSettings(user, on);
  },
  revalidate: "/notifications",
  // The person's settings, the same in live and test mode.
  anyMode: true,
});
