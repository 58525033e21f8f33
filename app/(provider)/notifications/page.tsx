import type { Metadata } from "next";
import { NotificationsPage } from "@/components/notifications/notifications-page";
import { requireProviderUser } from "@/lib/auth/session";
import { notificationSettings } from "@/lib/domain/notifications";
import { saveNotificationsAction } from "./actions";

export const metadata: Metadata = { title: "Notifications" };

export default async function PortalNotificationsPage() {
  const user = await requireProviderUser();
  const kinds = await notificationSettings(user);
  return <NotificationsPage email={user.email} kinds={kinds} save={saveNotificationsAction} />;
}
