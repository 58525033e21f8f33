import type { Metadata } from "next";
import { NotificationSettings } from "@/components/notifications/notification-settings";
import { Card, PageHeader } from "@/components/ui/page";
import { requireProviderUser } from "@/lib/auth/session";
import { notificationSettings } from "@/lib/domain/notifications";
import { saveNotificationsAction } from "./actions";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  const user = await requireProviderUser();
  return (
    <>
      <PageHeader
        title="Notifications"
        description={`What the portal tells you by email, at ${user.email}.`}
      />
      <Card title="Email">
        <NotificationSettings kinds={await notificationSettings(user)} save={saveNotificationsAction} />
      </Card>
    </>
  );
}
