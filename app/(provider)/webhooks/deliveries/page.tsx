import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { Card, PageHeader } from "@/components/ui/page";
import { DeliveryLog, logFilters } from "@/components/webhooks/delivery-log";
import { ReplayPeriodForm, TestEventForm } from "@/components/webhooks/replay-controls";
import { requireProviderUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { deliveryLog, eventSubjects, listSubscriptions } from "@/lib/domain/webhooks";
import { replayEventAction, replayFailedAction, sendTestEventAction } from "./portal-delivery-log-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks.deliveries");
  return { title: t("title") };
}

export default async function DeliveriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireProviderUser();
  const manages = can(user.actor, "provider.webhooks.manage");
  const { cursor, ...filters } = logFilters(await searchParams);
  const [log, subscriptions] = await Promise.all([
    deliveryLog(user.actor, { ...filters, ...cursor }),
    listSubscriptions(user.actor),
  ]);
  const subjects = await eventSubjects(user.actor, log.events);
  const t = await getTranslations("webhooks.deliveries");
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.webhookDeliveries" />}
        title={t("title")}
        description={t.rich("description", {
          link: (chunks) => (
            <Link className="underline" href="/webhooks">
              {chunks}
            </Link>
          ),
        })}
      />
      {manages && (
        <div className="mb-6 grid gap-4 md:grid-cols-2">
          <Card title={t("testEvent")}>
            <TestEventForm
              eventTypes={subscriptions.map((s) => s.eventType)}
              sendTest={sendTestEventAction}
            />
          </Card>
          <Card title={t("replayFailed")}>
            <ReplayPeriodForm replayFailed={replayFailedAction} />
          </Card>
        </div>
      )}
      <DeliveryLog
        log={log}
        filters={filters}
        basePath="/webhooks/deliveries"
        showProvider={false}
        subjects={subjects}
        replay={manages ? replayEventAction : undefined}
      />
    </>
  );
}
