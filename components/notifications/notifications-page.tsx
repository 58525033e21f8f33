/** The Notifications page of the console and of the portal: the person's own kinds of email. */
import { Card, PageHeader } from "@/components/ui/page";
import type { Action } from "@/lib/portal/action-result";
import { type KindSetting, NotificationSettings } from "./notification-settings";

export function NotificationsPage({
  email,
  kinds,
  save,
}: {
  email: string;
  kinds: KindSetting[];
  save: Action<undefined>;
}) {
  return (
    <>
      <PageHeader title="Notifications" description={`What the portal tells you by email, at ${email}.`} />
      <Card title="Email">
        <NotificationSettings kinds={kinds} save={save} />
      </Card>
    </>
  );
}
