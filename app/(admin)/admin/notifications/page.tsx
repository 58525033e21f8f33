import type { Metadata } from "next";
import { NotificationsPage } from "@/components/notifications/notifications-page";
import { requirePlatformUser } from "@/lib/auth/session";
import { notificationSettings } from "@/lib/domain/notifications";
import { saveConsoleNotificationsAction } from "./actions";

export const metadata: Metadata = { title: "Notifications" };

export default async function ConsoleNotificationsPage() {
  const user = await requirePlatformUser();
  const kinds = await notificationSettings(user);
  return <NotificationsPage email={user.email} kinds={kinds} save={saveConsoleNotificationsAction} />;
}
