import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { NotificationsPage } from "@/components/notifications/notifications-page";
import { requireProviderUser } from "@/lib/auth/session";
import { notificationSettings } from "@/lib/domain/notifications";
import { saveNotificationsAction } from "./provider-notification-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications");
  return { title: t("title") };
}

export default async function PortalNotificationsPage() {
  const user = await requireProviderUser();
  const kinds = await notificationSettings(user);
  return (
    <NotificationsPage
      email={user.email}
      kinds={kinds}
      save={saveNotificationsAction}
      help={<HelpLink page="provider.notifications" />}
    />
  );
}
