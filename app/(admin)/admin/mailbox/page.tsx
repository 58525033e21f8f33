import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { Badge, EmptyState, PageHeader } from "@/components/ui/page";
import { Pager } from "@/components/ui/pager";
import { requirePlatformUser } from "@/lib/auth/session";
import { mailSettings } from "@/lib/config";
import { mailbox } from "@/lib/domain/notifications";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { useFormat } from "@/lib/i18n/use-format";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mailbox");
  return { title: t("title") };
}

const STATE_TONES = {
  SENT: "green",
  PENDING: "amber",
  FAILED: "red",
  KEPT: "slate",
  CANCELLED: "slate",
} as const;

type Mail = Awaited<ReturnType<typeof mailbox>>["items"][number];

/** One message: its subject, state and addressee, opening onto its text as stored (not translated). */
function MailItem({ message }: { message: Mail }) {
  const t = useTranslations("mailbox");
  const format = useFormat();
  const state = message.state as keyof typeof STATE_TONES;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <details>
        <summary className="cursor-pointer">
          <span className="font-medium wrap-anywhere">{message.subject}</span>{" "}
          <Badge tone={STATE_TONES[state] ?? "slate"}>
            {state in STATE_TONES ? t(`state.${state}`) : message.state}
          </Badge>
          <span className="block text-sm text-slate-600 wrap-anywhere">
            {t("meta", { address: message.toAddress, date: format.dateTime(message.createdAt) })}
            {message.lastError ? ` · ${message.lastError}` : ""}
          </span>
        </summary>
        <pre className="mt-3 font-sans text-sm whitespace-pre-wrap wrap-anywhere text-slate-800">
          {message.sealed ? t("sealed") : message.body}
        </pre>
      </details>
    </li>
  );
}

/** Every notification written, newest first: the embedded default's mail, and a record of what was sent. */
export default async function MailboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  if (!can(user.actor, "mail.read")) notFound();
  const messages = await mailbox(user.actor, pageQuery(await searchParams));
  const t = await getTranslations("mailbox");
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.mailbox" />}
        title={t("title")}
        description={mailSettings().smtpUrl ? t("descriptionSent") : t("descriptionKept")}
      />
      {messages.items.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <>
          <ul className="space-y-3">
            {messages.items.map((message) => (
              <MailItem key={message.id} message={message} />
            ))}
          </ul>
          <Pager basePath="/admin/mailbox" params={{}} paging={messages} unit={t("unit")} />
        </>
      )}
    </>
  );
}
