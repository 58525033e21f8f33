/** Per language, how a channel's approved name and description are translated (issue 13). */
import { useTranslations } from "next-intl";
import { Named } from "@/components/channels/lookup-named";
import { Badge } from "@/components/ui/page";
import { CaptionedTable } from "@/components/ui/table";
import type { CoverageState, FieldCoverage } from "@/lib/domain/translations";

const TONES: Record<CoverageState, Parameters<typeof Badge>[0]["tone"]> = {
  original: "green",
  human: "blue",
  machine: "slate",
  outdated: "amber",
  waiting: "slate",
  failed: "red",
  missing: "amber",
};

export function TranslationCoverage({ coverage }: { coverage: FieldCoverage[] }) {
  const t = useTranslations("adminChannels.coverage");
  if (!coverage.length) return null;
  const languages = [...new Set(coverage.flatMap((field) => field.states.map((entry) => entry.language)))];
  return (
    <CaptionedTable
      caption={t("caption")}
      columns={[{ label: t("language") }, ...coverage.map((field) => ({ label: t(`field.${field.field}`) }))]}
    >
      {languages.map((language) => (
        <tr key={language} className="border-t border-slate-100" data-language={language}>
          <td className="py-1.5 pe-3">
            <Named lookup="Language" code={language} />
          </td>
          {coverage.map((field) => {
            const state = field.states.find((entry) => entry.language === language)?.state ?? "missing";
            return (
              <td key={field.field} className="py-1.5 pe-3" data-field={field.field}>
                <Badge tone={TONES[state]}>{t(`state.${state}`)}</Badge>
              </td>
            );
          })}
        </tr>
      ))}
    </CaptionedTable>
  );
}
