import type { Metadata } from "next";
import { NotificationSettings } from "@/components/notifications/notification-settings";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { notificationSettings } from "@/lib/domain/notifications";
import { saveConsoleNotificationsAction } from "./actions";

export const metadata: Metadata = { title: "Notifications" };

export default async function ConsoleNotificationsPage() {
  const user = await requirePlatformUser();
  return (
    <>
      <PageHeader
        title="Notifications"
        description={`What the console tells you by email, at ${user.email}.`}
      />
      <Card title="Email">
        <NotificationSettings
          kinds={await notificationSettings(user)}
          save={saveConsoleNotificationsAction}
        />
      </Card>
    </>
  );
}
