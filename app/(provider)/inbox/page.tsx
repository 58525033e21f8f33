import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { InboxPage } from "@/components/inbox/inbox-page";
import { requireProviderUser } from "@/lib/auth/session";
import { openInbox } from "@/lib/domain/notifications";
import { pageQuery } from "@/lib/domain/paging";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("inbox");
  return { title: t("title") };
}

/** The portal's inbox: the member's own notifications, the same in live and test mode. */
export default async function PortalInboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireProviderUser();
  const inbox = await openInbox(user.actor, pageQuery(await searchParams));
  return (
    <InboxPage
      items={inbox.items}
      paging={inbox}
      basePath="/inbox"
      help={<HelpLink page="provider.inbox" />}
    />
  );
}
