import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { NotificationsPage } from "@/components/notifications/notifications-page";
import { requirePlatformUser } from "@/lib/auth/session";
import { notificationSettings } from "@/lib/domain/notifications";
import { saveConsoleNotificationsAction } from "./staff-notification-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications");
  return { title: t("title") };
}

export default async function ConsoleNotificationsPage() {
  const user = await requirePlatformUser();
  const kinds = await notificationSettings(user);
  return (
    <NotificationsPage
      email={user.email}
      kinds={kinds}
      save={saveConsoleNotificationsAction}
      help={<HelpLink page="console.notifications" />}
    />
  );
}
