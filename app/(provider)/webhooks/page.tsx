import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/page";
import { RotateSecretButton } from "@/components/webhooks/rotate-secret";
import { SubscriptionForm } from "@/components/webhooks/subscription-form";
import { SubscriptionHealth } from "@/components/webhooks/subscription-health";
import { UnsubscribeButton } from "@/components/webhooks/unsubscribe-button";
import { requireProviderUser } from "@/lib/auth/session";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/contract/subscription";
import { can } from "@/lib/domain/permissions";
import { listSubscriptions } from "@/lib/domain/subscriptions";
import { reenableAction, rotateSecretAction, subscribeAction, unsubscribeAction } from "./actions";

export const metadata: Metadata = { title: "Webhooks" };

const AUTH_LABELS: Record<string, string> = {
  hmac: "HMAC signature",
  header: "Fixed header",
  basic: "HTTP Basic",
};

export default async function WebhooksPage() {
  const user = await requireProviderUser();
  const manages = can(user.actor, "provider.webhooks.manage");
  const subscriptions = await listSubscriptions(user.actor);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="The platform tells your system about events by calling these URLs. One subscription per event type."
        actions={
          <>
            <Link href="/webhooks/events" className="text-sm text-blue-800 underline">
              Event catalog
            </Link>
            <Link href="/webhooks/deliveries" className="text-sm text-blue-800 underline">
              Webhook log
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        {SUBSCRIBABLE_EVENT_TYPES.map((eventType) => {
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
              {subscription && (
                <dl className="mb-4 grid gap-2 text-sm sm:grid-cols-3">
                  <div className="sm:col-span-2">
                    <dt className="text-slate-600">Callback URL</dt>
                    <dd className="font-mono break-all">{subscription.callbackUrl}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Authentication</dt>
                    <dd>
                      {subscription.authType ? `${AUTH_LABELS[subscription.authType]} (secret set)` : "None"}
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
