import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { Card, PageHeader } from "@/components/ui/page";
import { RotateSecretButton } from "@/components/webhooks/rotate-secret";
import { SubscriptionForm } from "@/components/webhooks/subscription-form";
import { SubscriptionHealth } from "@/components/webhooks/subscription-health";
import { UnsubscribeButton } from "@/components/webhooks/unsubscribe-button";
import { requireProviderUser } from "@/lib/auth/session";
import { OWN_EVENT_TYPES, PORTAL_EVENT_TYPES } from "@/lib/contract/subscription";
import { can } from "@/lib/domain/permissions";
import { listSubscriptions } from "@/lib/domain/webhooks";
import {
  reenableAction,
  rotateSecretAction,
  subscribeAction,
  unsubscribeAction,
} from "./subscription-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks.page");
  return { title: t("title") };
}

const ownEventType = (eventType: string) => (OWN_EVENT_TYPES as readonly string[]).includes(eventType);

export default async function WebhooksPage() {
  const user = await requireProviderUser();
  const manages = can(user.actor, "provider.webhooks.manage");
  const subscriptions = await listSubscriptions(user.actor);
  const t = await getTranslations("webhooks.page");
  const authLabels: Record<string, string> = {
    hmac: t("auth.hmac"),
    header: t("auth.header"),
    basic: t("auth.basic"),
  };
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.webhooks" />}
        title={t("title")}
        description={t("description")}
        actions={
          <>
            <Link href="/webhooks/events" className="text-sm text-blue-800 underline">
              {t("eventCatalog")}
            </Link>
            <Link href="/webhooks/deliveries" className="text-sm text-blue-800 underline">
              {t("webhookLog")}
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        {PORTAL_EVENT_TYPES.map((eventType) => {
          const subscription = subscriptions.find((s) => s.eventType === eventType);
          return (
            <Card
              key={eventType}
              title={<span className="font-mono text-sm">{eventType}</span>}
              actions={
                manages &&
                subscription && (
                  <div className="flex flex-wrap gap-2">
                    {subscription.authType === "hmac" && (
                      <RotateSecretButton eventType={eventType} rotate={rotateSecretAction} />
                    )}
                    <UnsubscribeButton eventType={eventType} unsubscribeAction={unsubscribeAction} />
                  </div>
                )
              }
            >
              {ownEventType(eventType) && <p className="mb-3 text-sm text-slate-700">{t("ownEventType")}</p>}
              {subscription && (
                <dl className="mb-4 grid gap-2 text-sm sm:grid-cols-3">
                  <div className="sm:col-span-2">
                    <dt className="text-slate-600">{t("callbackUrl")}</dt>
                    <dd className="font-mono break-all">{subscription.callbackUrl}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t("authentication")}</dt>
                    <dd>
                      {subscription.authType
                        ? t("authWithSecret", {
                            auth: authLabels[subscription.authType] ?? subscription.authType,
                          })
                        : t("noAuth")}
                    </dd>
                  </div>
                  <SubscriptionHealth row={subscription} reenable={manages ? reenableAction : undefined} />
                </dl>
              )}
              {manages && (
                <SubscriptionForm
                  // A new subscription (or none) remounts the form, so it opens for a new one and
                  // starts from the saved values after a change.
                  key={subscription ? `${subscription.id}:${subscription.updatedAt.getTime()}` : "none"}
                  eventType={eventType}
                  current={
                    subscription && { callbackUrl: subscription.callbackUrl, authType: subscription.authType }
                  }
                  subscribeAction={subscribeAction}
                />
              )}
            </Card>
          );
        })}
      </div>
    </>
  );
}
