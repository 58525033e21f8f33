/** A refused CSV file's problems, line by line, so the file can be fixed in one go. */
import { useTranslations } from "next-intl";
import { CaptionedTable } from "@/components/ui/table";
import { type RowProblem, WHOLE_FILE, WHOLE_ROW } from "@/lib/contract/forms/delivery-request-form";
import { useValidationText } from "@/lib/i18n/use-validation-text";

export function ProblemReport({ problems }: { problems: RowProblem[] }) {
  const t = useTranslations("review.problems");
  const inReadersLanguage = useValidationText();
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-900">{t("intro")}</p>
      <CaptionedTable
        caption={t("caption")}
        columns={[{ label: t("line") }, { label: t("field") }, { label: t("problem") }]}
        look={{ table: "mt-2 w-full text-start text-sm", head: "text-xs text-red-900 uppercase", th: "" }}
      >
        {problems.map((problem, index) => (
          // A row may have two problems of one field (a broken quote and a short row): the index too.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
          <tr key={`${index}-${problem.line}-${problem.field}`}>
            <td>{problem.line}</td>
            <td className="font-mono">
              {problem.field === WHOLE_ROW
                ? t("wholeRow")
                : problem.field === WHOLE_FILE
                  ? t("wholeFile")
                  : problem.field}
            </td>
            <td className="wrap-anywhere">{inReadersLanguage(problem.message)}</td>
          </tr>
        ))}
      </CaptionedTable>
    </div>
  );
}
