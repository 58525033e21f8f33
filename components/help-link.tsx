/**
 * "Guide: <title>": the link from a page's header to the guide and heading that explain it
 * (lib/portal/guides.ts). The guides are in English whatever the portal's language, so the label says
 * so in the other languages and the title is marked English, isolated from the text around it (a
 * title's parentheses must not turn in a right-to-left sentence). Opens in the same tab.
 */
import { getTranslations } from "next-intl/server";
import { type GuidedPage, guideLink } from "@/lib/portal/guides";

export async function HelpLink({ page }: { page: GuidedPage }) {
  const link = guideLink(page);
  if (!link) return null;
  const t = await getTranslations("ui");
  return (
    <a
      href={link.href}
      hrefLang="en"
      data-help-link={page}
      className="inline-flex items-center gap-1.5 text-sm text-blue-700 underline underline-offset-2 hover:text-blue-900"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M4 4.5A1.5 1.5 0 0 1 5.5 3H16v12H5.5A1.5 1.5 0 0 0 4 16.5m0-12v12A1.5 1.5 0 0 0 5.5 18H16" />
      </svg>
      <span>{t.rich("guide", { title: link.title, en: (chunks) => <bdi lang="en">{chunks}</bdi> })}</span>
    </a>
  );
}
