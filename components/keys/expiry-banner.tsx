/** On every portal page while an active key expires within a week: which keys, and what to do. */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/i18n/use-format";

export function KeyExpiryBanner({
  keys,
}: {
  keys: { id: string; name: string; prefix: string; expiresAt: Date | null }[];
}) {
  const t = useTranslations("keys.banner");
  const format = useFormat();
  if (keys.length === 0) return null;
  return (
    <section
      aria-label={t("label")}
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-medium">{t("message", { count: keys.length })}</p>
      <ul className="mt-2 space-y-1">
        {keys.map((key) => (
          <li key={key.id}>
            <Link className="underline" href={`/keys/${key.id}`}>
              {`${key.name} (${key.prefix}…)`}
            </Link>{" "}
            {t("expires", { date: key.expiresAt ? format.dateTime(key.expiresAt) : "" })}
          </li>
        ))}
      </ul>
    </section>
  );
}
