"use client";
/**
 * On every portal page of whoever can roll keys, while an active key nobody has rolled expires
 * within a week: which keys, and what to do (lib/domain/keys/rotation.ts's expiringApiKeys).
 * Dismissible: closed, it stays closed for those keys in this browser (lib/portal/key-warnings.ts);
 * a key that starts expiring later warns again.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/lib/i18n/use-format";
import { DISMISSED_KEY_WARNINGS_COOKIE, withDismissed } from "@/lib/portal/key-warnings";

const YEAR_SECONDS = 365 * 24 * 3600;

function readCookie(name: string): string | undefined {
  return document.cookie
    .split("; ")
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export function KeyExpiryBanner({
  keys,
}: {
  keys: { id: string; name: string; prefix: string; expiresAt: Date | null }[];
}) {
  const t = useTranslations("keys.banner");
  const format = useFormat();
  const [dismissed, setDismissed] = useState(false);
  if (keys.length === 0 || dismissed) return null;
  const dismiss = () => {
    const value = withDismissed(
      readCookie(DISMISSED_KEY_WARNINGS_COOKIE),
      keys.map((key) => key.id),
    );
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads; no store API is needed for it
    document.cookie = `${DISMISSED_KEY_WARNINGS_COOKIE}=${value}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
    setDismissed(true);
  };
  return (
    <section
      aria-label={t("label")}
      className="mb-6 flex flex-wrap items-start justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <div>
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
      </div>
      <Button variant="secondary" onClick={dismiss}>
        {t("dismiss")}
      </Button>
    </section>
  );
}
