/**
 * A callback's failure, or a subscription's disabling, in the reader's language by its kind
 * (lib/webhooks/failure-reasons.ts); the worker's own text stays on hover for whoever debugs.
 */
import { useTranslations } from "next-intl";
import { failureKindOf } from "@/lib/webhooks/failure-reasons";

/** The reason in the reader's words; as stored when it is of no known kind (a receiver's text). */
export function useFailureReason() {
  const t = useTranslations("webhooks");
  return (reason: string): string => {
    const known = failureKindOf(reason);
    if (!known) return reason;
    return known.kind === "http"
      ? t("failure.http", { status: String(known.status) })
      : t(`failure.${known.kind}`);
  };
}

export function FailureReason({ reason }: { reason: string }) {
  const inWords = useFailureReason();
  const shown = inWords(reason);
  return shown === reason ? (
    <span dir="ltr" className="font-mono">
      {reason}
    </span>
  ) : (
    <span title={reason}>{shown}</span>
  );
}
