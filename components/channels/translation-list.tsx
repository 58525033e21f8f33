/** A channel's translations (machine or human) and what still waits for one; shared by both portals. */

import { useTranslations } from "next-intl";
import { Named, useLookupName } from "@/components/channels/lookup-named";
import { Badge } from "@/components/ui/page";
import { ProviderText } from "@/components/ui/provider-text";
import { TRANSLATION_SOURCES } from "@/lib/contract/forms/translation-forms";
import type { channelTranslations } from "@/lib/domain/translations";

type Translations = Awaited<ReturnType<typeof channelTranslations>>;

export function TranslationList({ translations }: { translations: Translations }) {
  const t = useTranslations("channels");
  const nameOf = useLookupName();
  const languageName = (code: string) => nameOf("Language", code) ?? code;
  const { translations: done, waiting } = translations;
  if (done.length === 0 && waiting.length === 0) {
    return <p className="text-sm text-slate-600">{t("translations.none")}</p>;
  }
  return (
    <div className="space-y-3 text-sm">
      {done.length > 0 && (
        <ul className="space-y-2">
          {done.map((translation) => (
            <li key={`${translation.field}-${translation.language}`}>
              <div className="flex items-center gap-2 text-xs text-slate-600">
                <Named lookup="Language" code={translation.language} />
                <span>
                  {translation.field === "name" ? t("translations.name") : t("translations.shortDescription")}
                </span>
                <Badge tone={translation.source === "machine" ? "slate" : "blue"}>
                  {(TRANSLATION_SOURCES as readonly string[]).includes(translation.source)
                    ? t(`translations.source.${translation.source}`)
                    : translation.source}
                </Badge>
              </div>
              <div lang={translation.language.toLowerCase()}>
                <ProviderText>{translation.text}</ProviderText>
              </div>
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <p className="text-slate-600">
          {t("translations.waiting", {
            jobs: waiting
              .map((job) =>
                job.field === "name"
                  ? t("translations.waitingName", { language: languageName(job.targetLanguage) })
                  : t("translations.waitingDescription", { language: languageName(job.targetLanguage) }),
              )
              .join(t("translations.separator")),
          })}
        </p>
      )}
    </div>
  );
}
