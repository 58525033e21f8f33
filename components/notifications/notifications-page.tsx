/** The Notifications page of the console and of the portal: the person's own kinds of email. */

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card, PageHeader } from "@/components/ui/page";
import type { Action } from "@/lib/portal/action-result";
import { type KindSetting, NotificationSettings } from "./notification-settings";

export function NotificationsPage({
  email,
  kinds,
  save,
  help,
}: {
  email: string;
  kinds: KindSetting[];
  save: Action<undefined>;
  /** The header's link to the guide (components/help-link.tsx). */
  help: ReactNode;
}) {
  const t = useTranslations("notifications");
  return (
    <>
      <PageHeader title={t("title")} description={t("description", { email })} help={help} />
      <Card title={t("email")}>
        <NotificationSettings kinds={kinds} save={save} />
      </Card>
    </>
  );
}
