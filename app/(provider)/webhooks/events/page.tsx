import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "@/components/ui/page";
import { SendExampleButton } from "@/components/webhooks/send-example-button";
import { requireProviderUser } from "@/lib/auth/session";
import { EXAMPLE_EVENT_ID_PREFIX, webhookCatalog } from "@/lib/contract/webhook-catalog";
import { can } from "@/lib/domain/permissions";
import { listSubscriptions } from "@/lib/domain/subscriptions";
import { sendExampleAction } from "./actions";

export const metadata: Metadata = { title: "Event catalog" };

/** JSON, wrapped rather than scrolled: a scrolling box would need to be keyboard-focusable. */
function JsonBlock({ value }: { value: unknown }) {
  return (
    <pre className="rounded-md bg-slate-50 p-3 font-mono text-xs break-all whitespace-pre-wrap text-slate-800">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export default async function EventCatalogPage() {
  const user = await requireProviderUser();
  const manages = can(user.actor, "provider.webhooks.manage");
  const subscriptions = await listSubscriptions(user.actor);
  return (
    <>
      <PageHeader
        title="Event catalog"
        description={
          <>
            The events the platform sends to your{" "}
            <Link className="underline" href="/webhooks">
              webhooks
            </Link>
            : each payload&apos;s JSON Schema and an example. &ldquo;Send example&rdquo; delivers the example
            to your subscription like any event; its webhook-id starts with{" "}
            <code>{EXAMPLE_EVENT_ID_PREFIX}</code> and it appears in the{" "}
            <Link className="underline" href="/webhooks/deliveries">
              webhook log
            </Link>
            .
          </>
        }
      />
      <div className="space-y-6">
        {webhookCatalog().map(({ eventType, description, jsonSchema, example }) => {
          const subscription = subscriptions.find((s) => s.eventType === eventType);
          const unavailable = !subscription
            ? "Subscribe to this event type on the Webhooks page to send an example."
            : subscription.disabledAt
              ? "The subscription is disabled: re-enable it to send an example."
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
              <p className="mb-4 text-sm text-slate-700">{description}</p>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Example payload</h3>
              <JsonBlock value={example} />
              <details className="mt-4">
                <summary className="cursor-pointer text-sm font-semibold text-slate-900">JSON Schema</summary>
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
