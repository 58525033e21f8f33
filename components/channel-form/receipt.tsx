/** What the provider sees once the request is made: its type, the channel id, links onward. */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { REQUEST_TYPES, type RequestReceipt } from "@/lib/contract/envelope-schema";
import { useFormat } from "@/lib/i18n/use-format";

/** The receipt's request type is the contract's English name; its kind names it in the reader's language. */
const KIND_OF_TYPE = new Map<string, string>(
  Object.entries(REQUEST_TYPES).map(([kind, type]) => [type, kind]),
);

export function Receipt({ receipt }: { receipt: RequestReceipt }) {
  const t = useTranslations("channelForm");
  const kinds = useTranslations("channels");
  const format = useFormat();
  const kind = KIND_OF_TYPE.get(receipt.requestType);
  const href = `/channels/${encodeURIComponent(receipt.providerDeliveryChannelId)}`;
  return (
    <section aria-labelledby="receipt-title" className="rounded-lg border border-green-300 bg-green-50 p-6">
      <h2 id="receipt-title" className="text-lg font-semibold text-green-900">
        {t("receipt.title")}
      </h2>
      <dl className="mt-3 grid gap-1 text-sm text-green-900 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">{t("receipt.request")}</dt>
        <dd>{kind ? kinds(`requestKind.${kind}`) : receipt.requestType}</dd>
        <dt className="font-medium">{t("receipt.channelId")}</dt>
        <dd className="font-mono break-all">{receipt.providerDeliveryChannelId}</dd>
        <dt className="font-medium">{t("receipt.requested")}</dt>
        {/* The API's ISO time, in the reader's format (with its zone); the exact value on hover. */}
        <dd>
          <time dateTime={receipt.requestedDate} title={receipt.requestedDate}>
            {format.dateTime(new Date(receipt.requestedDate))}
          </time>
        </dd>
      </dl>
      <div className="mt-4 flex gap-4 text-sm">
        <Link href={href} className="font-medium text-blue-800 underline">
          {t("receipt.open")}
        </Link>
        <Link href="/channels" className="text-blue-800 underline">
          {t("receipt.back")}
        </Link>
      </div>
    </section>
  );
}
