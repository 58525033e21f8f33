import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChannelForm } from "@/components/channel-form/channel-form";
import { emptyChannelValues } from "@/components/channel-form/form-values";
import { NoFormForRole } from "@/components/channels/no-form-for-role";
import { HelpLink } from "@/components/help-link";
import { PageHeader } from "@/components/ui/page";
import { requireProviderUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { createChannelAction } from "../channel-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("channelForm");
  return { title: t("new.title") };
}

export default async function NewChannelPage() {
  const t = await getTranslations("channelForm");
  const user = await requireProviderUser();
  // A role that may not change channels has no form to fill in: the page says why (it said
  // "Page not found", issue 30, finding 12).
  if (!can(user.actor, "provider.channels.edit"))
    return (
      <NoFormForRole
        title={t("new.heading")}
        why={t("new.forbidden")}
        back={{ href: "/channels", label: t("new.backToChannels") }}
      />
    );
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.channelNew" />}
        title={t("new.heading")}
        description={user.mode === "test" ? t("new.descriptionTest") : t("new.description")}
      />
      <ChannelForm mode="create" initialValues={emptyChannelValues()} action={createChannelAction} />
    </>
  );
}
