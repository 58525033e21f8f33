"use client";
/**
 * The upload of a provider's statement (issue 32, item 3): the file, its period, and how it reads —
 * a column of the file for each of our fields (offered from the file's own header, the provider's
 * last mapping chosen where the header has it) and the provider's own status labels. Shows the
 * upload's progress, a refused file's problems by line, and opens the result when done.
 */
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import Papa from "papaparse";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { SelectInput, TextInput } from "@/components/ui/field";
import { CaptionedTable } from "@/components/ui/table";
import {
  MAX_STATEMENT_BYTES,
  STATEMENT_FIELDS,
  type StatementField,
  type StatementMapping,
} from "@/lib/contract/reconciliation/statement-upload-schema";
import { say } from "@/lib/contract/validation-messages";
import { useValidationText } from "@/lib/i18n/use-validation-text";
import { sendStatementUpload, type UploadStep } from "./upload-request";

/** Fields a file may go without: it names deliveries by our id or by its reference, not both. */
const OPTIONAL: ReadonlySet<StatementField> = new Set(["deliveryId", "reference", "status"]);
const LABELS = ["delivered", "reverted", "pending"] as const;

type Problems = { problems: Array<{ line: number; message: string }>; problemCount: number };

export function StatementUploadForm({
  providerId,
  mapping,
  from: initialFrom,
  to: initialTo,
}: {
  providerId: string;
  mapping: StatementMapping;
  from: string;
  to: string;
}) {
  const t = useTranslations("statement.upload");
  const tStatement = useTranslations("statement");
  const inReadersLanguage = useValidationText();
  const router = useRouter();
  const [file, setFile] = useState<File>();
  const [header, setHeader] = useState<string[]>();
  const [columns, setColumns] = useState(mapping.columns);
  const [labels, setLabels] = useState(() =>
    Object.fromEntries(LABELS.map((outcome) => [outcome, mapping.labels[outcome].join(", ")])),
  );
  const [period, setPeriod] = useState({ from: initialFrom, to: initialTo });
  const [step, setStep] = useState<UploadStep>();
  const [problems, setProblems] = useState<Problems>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function chooseFile(chosen: File | undefined) {
    setFile(chosen);
    setProblems(undefined);
    if (!chosen) return setHeader(undefined);
    // The header is the first line: read the file's start only, however large the file.
    const start = await chosen.slice(0, 65_536).text();
    const names = (Papa.parse<string[]>(start, { preview: 1 }).data[0] ?? []).map((name) => name.trim());
    setHeader(names);
    setColumns(
      (current) =>
        Object.fromEntries(
          STATEMENT_FIELDS.map((field) => [field, names.includes(current[field]) ? current[field] : ""]),
        ) as StatementMapping["columns"],
    );
  }

  async function upload() {
    if (!file) return;
    if (file.size > MAX_STATEMENT_BYTES)
      return void toast.error(
        inReadersLanguage(say("fileTooLarge", { megabytes: MAX_STATEMENT_BYTES / 1_000_000 })),
      );
    setProblems(undefined);
    setFieldErrors({});
    setStep({ stage: "sending", percent: 0 });
    const split = (text: string) =>
      text
        .split(",")
        .map((label) => label.trim())
        .filter(Boolean);
    const result = await sendStatementUpload(
      {
        provider: providerId,
        ...period,
        fileName: file.name.slice(0, 200),
        mapping: {
          columns,
          labels: Object.fromEntries(LABELS.map((outcome) => [outcome, split(labels[outcome] ?? "")])),
        },
        csv: await file.text(),
      },
      setStep,
    );
    setStep(undefined);
    if (!result) return void toast.error(t("failed"));
    if (!result.ok) {
      setFieldErrors(result.fieldErrors ?? {});
      return void toast.error(inReadersLanguage(result.error));
    }
    if ("problems" in result.data) return setProblems(result.data);
    if (result.data.repeated) toast.info(t("repeated"));
    router.push(`/admin/statement/uploads/${result.data.uploadId}`);
  }

  const running = step !== undefined;
  return (
    <form
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          label={t("file")}
          type="file"
          accept=".csv,text/csv,text/plain"
          required
          error={fieldErrors.csv}
          hint={t("templateHint")}
          onChange={(event) => void chooseFile(event.target.files?.[0])}
        />
        <TextInput
          label={tStatement("filters.from")}
          type="date"
          required
          value={period.from}
          error={fieldErrors.from}
          onChange={(event) => setPeriod({ ...period, from: event.target.value })}
        />
        <TextInput
          label={tStatement("filters.to")}
          type="date"
          required
          value={period.to}
          error={fieldErrors.to}
          onChange={(event) => setPeriod({ ...period, to: event.target.value })}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="font-medium text-slate-900">{t("mappingTitle")}</legend>
        <p className="text-xs text-slate-500">{t("mappingHint")}</p>
        {!header ? (
          <p className="text-sm text-slate-600">{t("chooseFileFirst")}</p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-5">
            {STATEMENT_FIELDS.map((field) => (
              <SelectInput
                key={field}
                label={t(`fields.${field}`)}
                value={columns[field]}
                error={fieldErrors[`mapping.columns.${field}`]}
                onChange={(event) => setColumns({ ...columns, [field]: event.target.value })}
              >
                {OPTIONAL.has(field) || columns[field] === "" ? <option value="">{t("none")}</option> : null}
                {header.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </SelectInput>
            ))}
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          {LABELS.map((outcome) => (
            <TextInput
              key={outcome}
              label={t(`labels.${outcome}`)}
              value={labels[outcome]}
              error={fieldErrors[`mapping.labels.${outcome}`]}
              onChange={(event) => setLabels({ ...labels, [outcome]: event.target.value })}
            />
          ))}
        </div>
        <p className="text-xs text-slate-500">{t("labels.hint")}</p>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={running} disabled={!file || !header}>
          {t("submit")}
        </Button>
        {step && (
          <p role="status" className="text-sm text-slate-700">
            {t(
              `progress.${step.stage}`,
              "percent" in step ? { percent: step.percent } : { done: step.done, total: step.total },
            )}
          </p>
        )}
      </div>
      {problems && <FileProblems {...problems} />}
    </form>
  );
}

function FileProblems({ problems, problemCount }: Problems) {
  const t = useTranslations("statement.upload");
  const tProblems = useTranslations("review.problems");
  const inReadersLanguage = useValidationText();
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-900">{t("refused")}</p>
      <CaptionedTable
        caption={tProblems("caption")}
        columns={[{ label: tProblems("line") }, { label: tProblems("problem") }]}
        look={{ table: "mt-2 w-full text-start text-sm", head: "text-xs text-red-900 uppercase", th: "" }}
      >
        {problems.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
          <tr key={`${index}-${problem.line}`}>
            <td>{problem.line}</td>
            <td className="wrap-anywhere">{inReadersLanguage(problem.message)}</td>
          </tr>
        ))}
      </CaptionedTable>
      {problemCount > problems.length && (
        <p className="mt-2 text-sm text-red-900">
          {t("moreProblems", { count: problemCount - problems.length })}
        </p>
      )}
    </div>
  );
}
