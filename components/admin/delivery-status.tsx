/**
 * A delivery request's or a delivery's status in the reader's words; the contract's code (what the
 * API and the provider's reports say) on hover, and as it is when the catalog does not know it.
 */
import { useTranslations } from "next-intl";

type StatusTranslator = { has(key: string): boolean; (key: string): string };

/** The words for `status` from the programs.statuses catalog. */
export const statusText = (t: StatusTranslator, status: string) => (t.has(status) ? t(status) : status);

export function DeliveryStatus({ status }: { status: string }) {
  const t = useTranslations("programs.statuses");
  return <span title={status}>{statusText(t, status)}</span>;
}
