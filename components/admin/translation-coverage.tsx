/** Per language, how a channel's approved name and description are translated (issue 13). */
import { Badge } from "@/components/ui/page";
import { CaptionedTable } from "@/components/ui/table";
import type { CoverageState, FieldCoverage } from "@/lib/domain/translation-coverage";

const FIELD_LABELS = { name: "Name", shortDescription: "Short description" } as const;

const LOOK: Record<CoverageState, { tone: Parameters<typeof Badge>[0]["tone"]; label: string }> = {
  original: { tone: "green", label: "original" },
  human: { tone: "blue", label: "human-made" },
  machine: { tone: "slate", label: "machine-made" },
  outdated: { tone: "amber", label: "outdated" },
  waiting: { tone: "slate", label: "waiting" },
  failed: { tone: "red", label: "failed" },
  missing: { tone: "amber", label: "missing" },
};

export function TranslationCoverage({ coverage }: { coverage: FieldCoverage[] }) {
  if (!coverage.length) return null;
  const languages = [...new Set(coverage.flatMap((field) => field.states.map((entry) => entry.language)))];
  return (
    <CaptionedTable
      caption="Languages of the approved name and description"
      columns={[{ label: "Language" }, ...coverage.map((field) => ({ label: FIELD_LABELS[field.field] }))]}
    >
      {languages.map((language) => (
        <tr key={language} className="border-t border-slate-100" data-language={language}>
          <td className="py-1.5 pe-3 font-mono text-xs">{language}</td>
          {coverage.map((field) => {
            const state = field.states.find((entry) => entry.language === language)?.state ?? "missing";
            return (
              <td key={field.field} className="py-1.5 pe-3" data-field={field.field}>
                <Badge tone={LOOK[state].tone}>{LOOK[state].label}</Badge>
              </td>
            );
          })}
        </tr>
      ))}
    </CaptionedTable>
  );
}
