import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ChannelForm } from "@/components/channel-form/channel-form";
import { fromChannelContent } from "@/components/channel-form/form-values";
import { NoFormForRole } from "@/components/channels/no-form-for-role";
import { HelpLink } from "@/components/help-link";
import { PageHeader } from "@/components/ui/page";
import { can } from "@/lib/domain/permissions";
import { updateChannelAction } from "../../channel-actions";
import { channelDetailOrNotFound } from "../channel-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("channelForm");
  return { title: t("edit.title") };
}

/**
 * Contacts and delivery options the form edits at most. Older stored channels may hold 100,000; the
 * form would carry every one to the browser, and the contract allows far fewer anyway.
 */
const FORM_MAX_ITEMS = 500;
const LISTS = ["contacts", "deliveryOptions"] as const;

export default async function EditChannelPage({
  params,
}: {
  params: Promise<{ providerDeliveryChannelId: string }>;
}) {
  const t = await getTranslations("channelForm");
  const { id, detail, user } = await channelDetailOrNotFound(params);
  const title = t("edit.heading", { name: detail.requested.name.translation || id });
  // A role that may not change channels has no form to fill in: it is told so, not "page not found".
  if (!can(user.actor, "provider.channels.edit"))
    return (
      <NoFormForRole
        title={title}
        why={t("edit.forbidden")}
        back={{ href: `/channels/${encodeURIComponent(id)}`, label: t("edit.backToChannel") }}
      />
    );
  // A retired channel can no longer be changed (lib/domain/channels/retire.ts): no form to fill in.
  if (detail.retiredAt)
    return (
      <NoFormForRole
        title={title}
        why={t("edit.retired")}
        back={{ href: `/channels/${encodeURIComponent(id)}`, label: t("edit.backToChannel") }}
      />
    );
  const tooLong = LISTS.find((key) => (detail.requested[key]?.length ?? 0) > FORM_MAX_ITEMS);
  if (tooLong) {
    return (
      <>
        <PageHeader help={<HelpLink page="provider.channelEdit" />} title={title} />
        <p role="alert" className="text-sm text-amber-900">
          {t(`edit.tooLong.${tooLong}`, {
            count: detail.requested[tooLong]?.length ?? 0,
            max: FORM_MAX_ITEMS,
          })}
        </p>
      </>
    );
  }
  // The newest requested content: editing continues from what was last asked for.
  const values = fromChannelContent(
    { ...detail.requested, budget: detail.requested.budget ?? undefined },
    await getLocale(),
  );
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.channelEdit" />}
        title={title}
        description={t("edit.description")}
      />
      <ChannelForm mode="edit" initialValues={values} action={updateChannelAction} />
    </>
  );
}
