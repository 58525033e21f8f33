import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { InboxPage } from "@/components/inbox/inbox-page";
import { requirePlatformUser } from "@/lib/auth/session";
import { openInbox } from "@/lib/domain/notifications";
import { pageQuery } from "@/lib/domain/paging";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("inbox");
  return { title: t("title") };
}

/** The console's inbox: every staff member's own notifications (no permission beyond being a person). */
export default async function ConsoleInboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const inbox = await openInbox(user.actor, pageQuery(await searchParams));
  return (
    <InboxPage
      items={inbox.items}
      paging={inbox}
      basePath="/admin/inbox"
      help={<HelpLink page="console.inbox" />}
    />
  );
}
