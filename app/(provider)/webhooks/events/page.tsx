import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { Card, PageHeader } from "@/components/ui/page";
import { SendExampleButton } from "@/components/webhooks/send-example-button";
import { requireProviderUser } from "@/lib/auth/session";
import { EXAMPLE_EVENT_ID_PREFIX, webhookCatalog } from "@/lib/contract/webhook-catalog";
import { can } from "@/lib/domain/permissions";
import { listSubscriptions } from "@/lib/domain/webhooks";
import { sendExampleAction } from "./example-event-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks.events");
  return { title: t("title") };
}

/**
 * JSON, wrapped rather than scrolled: a scrolling box would need to be keyboard-focusable. Left to
 * right in every language, so that Arabic does not mirror its braces and commas.
 */
function JsonBlock({ value }: { value: unknown }) {
  return (
    <pre
      dir="ltr"
      className="rounded-md bg-slate-50 p-3 font-mono text-xs break-all whitespace-pre-wrap text-slate-800"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export default async function EventCatalogPage() {
  const user = await requireProviderUser();
  const manages = can(user.actor, "provider.webhooks.manage");
  const subscriptions = await listSubscriptions(user.actor);
  const t = await getTranslations("webhooks.events");
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.webhookEvents" />}
        title={t("title")}
        description={t.rich("description", {
          prefix: EXAMPLE_EVENT_ID_PREFIX,
          webhooks: (chunks) => (
            <Link className="underline" href="/webhooks">
              {chunks}
            </Link>
          ),
          code: (chunks) => <code>{chunks}</code>,
          log: (chunks) => (
            <Link className="underline" href="/webhooks/deliveries">
              {chunks}
            </Link>
          ),
        })}
      />
      <div className="space-y-6">
        {webhookCatalog().map(({ eventType, description, jsonSchema, example }) => {
          const subscription = subscriptions.find((s) => s.eventType === eventType);
          const unavailable = !subscription
            ? t("unsubscribed")
            : subscription.disabledAt
              ? t("disabled")
              : undefined;
          return (
            <Card
              key={eventType}
              title={<span className="font-mono text-sm">{eventType}</span>}
              actions={
                manages && (
                  <SendExampleButton
                    eventType={eventType}
                    unavailable={unavailable}
                    send={sendExampleAction}
                  />
                )
              }
            >
              <p className="mb-4 text-sm text-slate-700">
                {t.has(`about.${eventType}`) ? t(`about.${eventType}`) : description}
              </p>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("examplePayload")}</h3>
              <JsonBlock value={example} />
              <details className="mt-4">
                <summary className="cursor-pointer text-sm font-semibold text-slate-900">
                  {t("jsonSchema")}
                </summary>
                <div className="mt-2">
                  <JsonBlock value={jsonSchema} />
                </div>
              </details>
            </Card>
          );
        })}
      </div>
    </>
  );
}
