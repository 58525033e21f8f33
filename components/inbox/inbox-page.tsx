/**
 * The inbox of the console and of the portal (issue 30, finding 3): the person's own notifications,
 * newest first, each with its kind in the reader's language, when, its subject (in the language it
 * was written in), the reason given, and a link to the page of what it tells of.
 */

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge, EmptyState, PageHeader } from "@/components/ui/page";
import { Pager, type PagerPaging } from "@/components/ui/pager";
import { ProviderText } from "@/components/ui/provider-text";
import { MAIL_KIND_NAMES, type MailKind } from "@/lib/contract/mail-kinds";
import type { InboxItem } from "@/lib/domain/notifications";
import { isolated } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";

const isKind = (kind: string): kind is MailKind => (MAIL_KIND_NAMES as string[]).includes(kind);

function InboxEntry({ item }: { item: InboxItem }) {
  const tInbox = useTranslations("inbox");
  const format = useFormat();
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-kind={item.kind}
      data-unread={item.unread ? "true" : undefined}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone={item.unread ? "amber" : "slate"}>
          {isKind(item.kind) ? tInbox(`kind.${item.kind}`) : tInbox("kind.other")}
        </Badge>
        {item.unread && <Badge tone="green">{tInbox("new")}</Badge>}
        <time dateTime={item.createdAt.toISOString()}>{format.dateTime(item.createdAt)}</time>
      </p>
      <p className="mt-1 font-medium">
        <Link href={item.path} className="text-blue-800 hover:underline">
          <ProviderText>{item.subject}</ProviderText>
        </Link>
      </p>
      {item.reason && (
        <p className="mt-1 text-sm text-slate-700">
          {/* Isolated: a reason in another script must not reorder the sentence around it. */}
          {tInbox("reason", { reason: isolated(item.reason) })}
        </p>
      )}
    </li>
  );
}

export function InboxPage({
  items,
  paging,
  basePath,
  help,
}: {
  items: InboxItem[];
  paging: PagerPaging;
  basePath: string;
  /** The header's link to the guide (components/help-link.tsx). */
  help: ReactNode;
}) {
  const tInbox = useTranslations("inbox");
  return (
    <>
      <PageHeader title={tInbox("title")} description={tInbox("description")} help={help} />
      {items.length === 0 ? (
        <EmptyState title={tInbox("empty")}>{tInbox("emptyHint")}</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={tInbox("title")}>
          {items.map((item) => (
            <InboxEntry key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Pager basePath={basePath} params={{}} paging={paging} unit={tInbox("unit")} />
    </>
  );
}
