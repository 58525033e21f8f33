"use client";
/** An invitation's one-time link, shown once to the inviter to pass on (no mail is sent yet). */
import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";

export function InvitationLink({ email, link }: { email: string; link: string }) {
  const t = useTranslations("users.link");
  return (
    <section
      aria-label={t("label")}
      className="mt-3 rounded-md border border-green-300 bg-green-50 p-3 text-sm"
    >
      <p className="font-medium text-green-900">{t("sendThis", { email })}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          data-testid="invitation-link"
          className="min-w-0 rounded bg-white px-2 py-1 font-mono break-all"
        >
          {link}
        </code>
        <CopyButton text={link} label={t("copy")} failed={t("copyFailed")} />
      </div>
    </section>
  );
}
