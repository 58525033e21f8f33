import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { NamedTranslationEditor } from "@/components/admin/named-translation-editor";
import { TranslationCoverage } from "@/components/admin/translation-coverage";
import { ChannelContent } from "@/components/channels/channel-content";
import { RequestHistory } from "@/components/channels/request-history";
import { ChannelStandingBadges } from "@/components/channels/status-badges";
import { TranslationList } from "@/components/channels/translation-list";
import { HelpLink } from "@/components/help-link";
import { Card, PageHeader } from "@/components/ui/page";
import { LeftToRight, ProviderText } from "@/components/ui/provider-text";
import { requirePlatformUser } from "@/lib/auth/session";
import { translationLanguages, translatorSetting } from "@/lib/config";
import { adminChannelDetail, completeContent, viewersTranslations } from "@/lib/domain/channels";
import { can } from "@/lib/domain/permissions";
import { saveTranslationAction } from "../../provider-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminChannels.detail");
  return { title: t("title") };
}

export default async function AdminChannelPage({ params }: { params: Promise<{ channelId: string }> }) {
  const user = await requirePlatformUser();
  const channel = await adminChannelDetail(user.actor, (await params).channelId);
  if (!channel) notFound();
  const t = await getTranslations("adminChannels.detail");
  const { name, shortDescription } = channel.content;
  const translated = await viewersTranslations(
    { id: channel.id, name: name.translation, shortDescription: shortDescription?.translation },
    await getLocale(),
  );
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.channel" />}
        title={translated.name ?? (name.translation || channel.providerDeliveryChannelId)}
        description={
          <>
            <Link className="underline" href={`/admin/providers/${channel.provider.id}`}>
              <ProviderText>{channel.provider.name}</ProviderText>
            </Link>{" "}
            ·{" "}
            <span className="font-mono">
              <LeftToRight>{channel.providerDeliveryChannelId}</LeftToRight>
            </span>{" "}
            · <ChannelStandingBadges standing={channel.standing} detailed />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Card title={channel.isApproved ? t("approvedContent") : t("requestedContent")}>
            <ChannelContent content={completeContent(channel.content)} translated={translated} />
          </Card>
        </div>
        <div className="space-y-6">
          <Card title={t("translations")}>
            {!translatorSetting() && <p className="mb-3 text-xs text-slate-600">{t("noTranslator")}</p>}
            <TranslationCoverage coverage={channel.translationCoverage} />
            <div className="mt-4">
              <TranslationList translations={channel.translations} />
            </div>
            {channel.isApproved && can(user.actor, "translations.edit") && (
              <div className="mt-4 border-t border-slate-100 pt-4">
                <NamedTranslationEditor
                  channelId={channel.id}
                  languages={translationLanguages()}
                  save={saveTranslationAction}
                />
              </div>
            )}
          </Card>
          <Card title={t("requestHistory")}>
            <RequestHistory requests={channel.requests} reviewHref={(id) => `/admin/requests/${id}`} />
          </Card>
        </div>
      </div>
    </>
  );
}
