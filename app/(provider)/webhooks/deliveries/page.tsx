import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/page";
import { DeliveryLog, logFilters } from "@/components/webhooks/delivery-log";
import { ReplayPeriodForm, TestEventForm } from "@/components/webhooks/replay-controls";
import { requireProviderUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { listSubscriptions } from "@/lib/domain/subscriptions";
import { deliveryLog } from "@/lib/domain/webhook-events";
import { replayEventAction, replayFailedAction, sendTestEventAction } from "./actions";

export const metadata: Metadata = { title: "Webhook log" };

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
  return (
    <>
      <PageHeader
        title="Webhook log"
        description={
          <>
            Every event sent to your{" "}
            <Link className="underline" href="/webhooks">
              webhooks
            </Link>
            , with each attempt. A replay sends the same payload with the same webhook-id.
          </>
        }
      />
      {manages && (
        <div className="mb-6 grid gap-4 md:grid-cols-2">
          <Card title="Send a test event">
            <TestEventForm
              eventTypes={subscriptions.map((s) => s.eventType)}
              sendTest={sendTestEventAction}
            />
          </Card>
          <Card title="Replay failed events">
            <ReplayPeriodForm replayFailed={replayFailedAction} />
          </Card>
        </div>
      )}
      <DeliveryLog
        log={log}
        filters={filters}
        basePath="/webhooks/deliveries"
        showProvider={false}
        replay={manages ? replayEventAction : undefined}
      />
    </>
  );
}
