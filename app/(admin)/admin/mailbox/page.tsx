import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Badge, EmptyState, PageHeader } from "@/components/ui/page";
import { Pager } from "@/components/ui/pager";
import { requirePlatformUser } from "@/lib/auth/session";
import { mailSettings } from "@/lib/config";
import { mailbox } from "@/lib/domain/notifications";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Mailbox" };

const STATE_TONES = {
  SENT: "green",
  PENDING: "amber",
  FAILED: "red",
  KEPT: "slate",
  CANCELLED: "slate",
} as const;
const STATE_LABELS = {
  SENT: "Sent",
  PENDING: "Waiting to be sent",
  FAILED: "Failed",
  KEPT: "Kept (no SMTP)",
  CANCELLED: "Cancelled",
} as const;

/** Every notification written, newest first: the embedded default's mail, and a record of what was sent. */
export default async function MailboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  if (!can(user.actor, "mail.read")) notFound();
  const messages = await mailbox(user.actor, pageQuery(await searchParams));
  return (
    <>
      <PageHeader
        title="Mailbox"
        description={
          mailSettings().smtpUrl
            ? "Every notification the portal wrote, newest first, and whether the SMTP server took it."
            : "SMTP_URL is not set, so notifications are kept here instead of being sent: newest first."
        }
      />
      {messages.items.length === 0 ? (
        <EmptyState title="No notifications yet" />
      ) : (
        <>
          <ul className="space-y-3">
            {messages.items.map((message) => {
              const state = message.state as keyof typeof STATE_TONES;
              return (
                <li key={message.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <details>
                    <summary className="cursor-pointer">
                      <span className="font-medium wrap-anywhere">{message.subject}</span>{" "}
                      <Badge tone={STATE_TONES[state] ?? "slate"}>
                        {STATE_LABELS[state] ?? message.state}
                      </Badge>
                      <span className="block text-sm text-slate-600 wrap-anywhere">
                        To {message.toAddress} · {formatDateTime(message.createdAt)}
                        {message.lastError ? ` · ${message.lastError}` : ""}
                      </span>
                    </summary>
                    <pre className="mt-3 font-sans text-sm whitespace-pre-wrap wrap-anywhere text-slate-800">
                      {message.sealed
                        ? "This message carries a one-time link: its text is sealed until sent and not shown here."
                        : message.body}
                    </pre>
                  </details>
                </li>
              );
            })}
          </ul>
          <Pager basePath="/admin/mailbox" params={{}} paging={messages} unit="messages" />
        </>
      )}
    </>
  );
}
