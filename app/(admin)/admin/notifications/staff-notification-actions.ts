"use server";
/** A platform user's own notification settings. */
import { notificationSettingsSchema } from "@/lib/contract/forms/notification-forms";
import { saveNotificationSettings } from "@/lib/domain/notifications";
import { defineAction } from "@/lib/portal/define-action";

export const saveConsoleNotificationsAction = defineAction({
  role: "admin",
  permission: "console.read",
  input: notificationSettingsSchema,
  run: async ({ on }, user) => {
    await saveNotificationSettings(user, on);
  },
  revalidate: "/admin/notifications",
});
