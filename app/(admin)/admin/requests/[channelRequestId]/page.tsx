import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { DecisionForm } from "@/components/admin/decision-form";
import { DiffView } from "@/components/admin/diff-view";
import { ChannelContent } from "@/components/channels/channel-content";
import { RequestHistory } from "@/components/channels/request-history";
import { ChannelStandingBadges, RequestStateBadge } from "@/components/channels/status-badges";
import { HelpLink } from "@/components/help-link";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { budgetUnitOf } from "@/lib/contract/channel";
import { missingForUse } from "@/lib/contract/channel-form";
import { CHANNEL_STATUSES } from "@/lib/contract/enums";
import { completeContent, diffContent, REQUEST_KINDS, requestForReview } from "@/lib/domain/channels";
import { can } from "@/lib/domain/permissions";
import { getFormat } from "@/lib/i18n/get-format";
import { decideAction } from "../../provider-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.request");
  return { title: t("title") };
}

export default async function ReviewPage({ params }: { params: Promise<{ channelRequestId: string }> }) {
  const admin = await requirePlatformUser();
  const request = await requestForReview(admin.actor, (await params).channelRequestId);
  if (!request) notFound();
  const t = await getTranslations("review.request");
  const kindName = await getTranslations("channels.requestKind");
  const format = await getFormat();
  const { channel } = request;
  const ownOrganisation = admin.providerId === channel.provider.id;
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.request" />}
        title={t("heading", {
          kind: (REQUEST_KINDS as readonly string[]).includes(request.kind)
            ? kindName(request.kind)
            : request.kind,
          name: request.submitted.name.translation || channel.providerDeliveryChannelId,
        })}
        description={
          <>
            {t.rich("description", {
              provider: channel.provider.name,
              date: format.dateTime(request.requestedAt),
              channelId: channel.providerDeliveryChannelId,
              link: (chunks) => (
                <Link className="underline" href={`/admin/providers/${channel.provider.id}`}>
                  {chunks}
                </Link>
              ),
              id: (chunks) => <span className="font-mono">{chunks}</span>,
            })}{" "}
            <ChannelStandingBadges standing={channel.standing} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <IncompleteWarning missing={missingForUse(request.submitted)} />
          {request.approved ? (
            <>
              <Card title={t("changes")}>
                <DiffView
                  changes={diffContent(request.approved, request.submitted)}
                  firstVersion={false}
                  units={{
                    before: budgetUnitOf(request.approved.budget),
                    after: budgetUnitOf(request.submitted.budget),
                  }}
                />
                <StatusChange request={request} status={channel.status} />
              </Card>
              <Card title={t("submitted")}>
                <ChannelContent content={completeContent(request.submitted)} />
              </Card>
            </>
          ) : (
            // Never approved: everything is new, so the content itself is the change (no diff).
            <Card title={t("newChannel")}>
              <StatusChange request={request} status={channel.status} />
              <ChannelContent content={completeContent(request.submitted)} />
            </Card>
          )}
        </div>
        <div className="space-y-6">
          <Card title={t("decision")}>
            {request.state !== "PENDING" ? (
              <ClosedRequest state={request.state} reason={request.reason} />
            ) : !can(admin.actor, "channels.decide") ? (
              <p className="text-sm text-slate-600">{t("notReviewer")}</p>
            ) : ownOrganisation ? (
              <p role="alert" className="text-sm text-amber-900">
                {t("ownOrganisation", { provider: channel.provider.name })}
              </p>
            ) : (
              <DecisionForm requestId={request.id} decide={decideAction} />
            )}
          </Card>
          <Card title={t("history")}>
            <RequestHistory
              requests={channel.history}
              reviewHref={(id) => `/admin/requests/${id}`}
              current={request.id}
            />
          </Card>
        </div>
      </div>
    </>
  );
}

/** A request already decided (or superseded): its state, and the reviewer's reason if any. */
function ClosedRequest({ state, reason }: { state: string; reason: string | null }) {
  const t = useTranslations("review.request");
  const badge = () => <RequestStateBadge state={state} />;
  return (
    <p className="text-sm">
      {reason ? t.rich("closedWithReason", { reason, state: badge }) : t.rich("closed", { state: badge })}
    </p>
  );
}

/** A status the request changed when the provider sent it, and what rejecting does to it. */
function StatusChange({
  request,
  status,
}: {
  request: { state: string; previousStatus: string | null };
  status: string;
}) {
  const t = useTranslations("review.request");
  const statusName = useTranslations("channels.status");
  // The statuses as the badges name them; a status they do not know keeps its code.
  const name = (code: string) =>
    (CHANNEL_STATUSES as readonly string[]).includes(code) ? statusName(code) : code;
  if (!request.previousStatus || request.state !== "PENDING") return null;
  return (
    <p className="mb-3 text-sm text-slate-700">
      {t("statusChange", { previous: name(request.previousStatus), status: name(status) })}
    </p>
  );
}

/** The fields a usable channel needs, by the path missingForUse reports them under. */
const MISSING_KEYS: Record<string, "name" | "landingPage" | "categories"> = {
  "name.translation": "name",
  landingPage: "landingPage",
  "availability.categoriesSupported": "categories",
};

/** A request the contract accepts but that lacks what a usable channel needs. */
function IncompleteWarning({ missing }: { missing: Record<string, string> }) {
  const t = useTranslations("review.request");
  const paths = Object.keys(missing);
  if (paths.length === 0) return null;
  const described = paths.map((path) => {
    const key = MISSING_KEYS[path];
    return key ? t(`missing.${key}`) : t("missing.other", { path });
  });
  return (
    <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {t("incomplete", { missing: described.join(t("missingSeparator")) })}
    </p>
  );
}
