/** The Notifications page of the console and of the portal: the person's own kinds of email. */
import { useTranslations } from "next-intl";
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
  const t = useTranslations("notifications");
  return (
    <>
      <PageHeader title={t("title")} description={t("description", { email })} />
      <Card title={t("email")}>
        <NotificationSettings kinds={kinds} save={save} />
      </Card>
    </>
  );
}
