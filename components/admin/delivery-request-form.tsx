"use client";
/**
 * Sends a delivery request to one of the program's channels, with deliveries from a CSV file or
 * entered row by row. "Send" first previews (any bad row sends nothing: CSV problems are listed by
 * line, a row's problems show at its fields), then asks for confirmation. Each send carries this
 * form's idempotency key, so a double click or a retry after a dropped connection sends once; after
 * success the form is cleared, gets a new key, and links to the request it created.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { v4 as uuidv4 } from "uuid";
import { Button } from "@/components/ui/button";
import { ChoiceSelect, useChoice } from "@/components/ui/choice";
import { Field, TextInput } from "@/components/ui/field";
import { ProviderText } from "@/components/ui/provider-text";
import { CSV_TOO_LARGE, MAX_CSV_BYTES } from "@/lib/contract/delivery-limits";
import {
  type PreviewOutcome,
  type RowProblem,
  type SendOutcome,
  type SendPreview,
  sendInputSchema,
} from "@/lib/contract/forms/delivery-request-form";
import { fieldErrors } from "@/lib/contract/issues";
import type { OptionColumn } from "@/lib/domain/deliveries";
import { useValidationText } from "@/lib/i18n/use-validation-text";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";
import { type DeliveryRow, DeliveryRows, emptyRow, type RowErrors } from "./delivery-rows";
import { ProblemReport } from "./problem-report";
import { SendConfirmation } from "./send-confirmation";

type Sent = Extract<SendOutcome, { deliveryRequestId: string }>;

const rowErrors = (problems: RowProblem[]): RowErrors =>
  problems.reduce<RowErrors>((errors, { line, field, message }) => {
    errors[line - 1] = { ...errors[line - 1], [field]: message };
    return errors;
  }, {});

export function DeliveryRequestForm({
  programId,
  channels,
  served,
  preview,
  send,
}: {
  programId: string;
  /** The program's channels that receive deliveries now (live). */
  channels: Array<{ id: string; label: string; columns: OptionColumn[] }>;
  /** How many channels serve the program, live or not. */
  served: number;
  preview: Action<PreviewOutcome>;
  send: Action<SendOutcome>;
}) {
  const [channelId, setChannelId] = useChoice(channels.map((channel) => channel.id));
  const [description, setDescription] = useState("");
  const [source, setSource] = useState<"csv" | "rows">("csv");
  const [file, setFile] = useState<File>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<DeliveryRow[]>([emptyRow(1)]);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  // One key per send the user means: kept across retries, replaced after a success.
  const [idempotencyKey, setIdempotencyKey] = useState(() => uuidv4());
  const [confirming, setConfirming] = useState<{ preview: SendPreview; seq: number } | null>(null);
  const [sent, setSent] = useState<Sent>();
  const t = useTranslations("programs.send");
  const reportProblems = (found: RowProblem[]) => {
    setProblems(found);
    toast.error(t("problemsToast", { count: found.length }));
  };
  const inReadersLanguage = useValidationText();
  // Each field's message in the reader's language before they are joined into one toast.
  const failure = (result: { error: string; fieldErrors?: Record<string, string> }) =>
    result.fieldErrors
      ? Object.values(result.fieldErrors).map(inReadersLanguage).join(" ")
      : inReadersLanguage(result.error);
  const reviewing = useAction(preview, {
    failure,
    refresh: false,
    onSuccess: (outcome) => {
      if ("problems" in outcome) return reportProblems(outcome.problems);
      setProblems([]);
      setConfirming({ preview: outcome.preview, seq: (confirming?.seq ?? 0) + 1 });
    },
  });
  const sending = useAction(send, {
    failure,
    onSuccess: (outcome) => {
      if ("problems" in outcome) return reportProblems(outcome.problems);
      setSent(outcome);
      setDescription("");
      setRows([emptyRow(1)]);
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = "";
      setIdempotencyKey(uuidv4());
      toast.success(
        outcome.approvalsRequired > 0
          ? t("createdToast", { count: outcome.approvalsRequired })
          : t("sentToast", { count: outcome.deliveries }),
      );
    },
  });
  const columns = channels.find((channel) => channel.id === channelId)?.columns ?? [];
  if (channels.length === 0)
    return <p className="text-sm text-slate-600">{t(served > 0 ? "noLiveChannel" : "needChannel")}</p>;

  const fileTooLarge = source === "csv" && file !== undefined && file.size > MAX_CSV_BYTES;
  const input = async (confirmDuplicate: boolean) => ({
    programId,
    channelId,
    description,
    idempotencyKey,
    confirmDuplicate,
    source,
    ...(source === "csv"
      ? { csv: file ? await file.text() : "" }
      : { deliveries: rows.map(({ key: _key, ...row }) => row) }),
  });

  /** The form's own check with the action's schema, then the server's preview. */
  const review = async () => {
    if (fileTooLarge) return void toast.error(inReadersLanguage(CSV_TOO_LARGE));
    const payload = await input(false);
    const problems = fieldErrors(sendInputSchema, payload);
    if (Object.keys(problems).length > 0)
      return void toast.error(failure({ error: "", fieldErrors: problems }));
    await reviewing.run(payload);
  };
  const confirm = async (confirmDuplicate: boolean) => {
    await sending.run(await input(confirmDuplicate));
    setConfirming(null);
  };

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      {sent && (
        <p
          role="status"
          className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
        >
          {sent.approvalsRequired > 0
            ? t("awaitingStatus", {
                count: sent.deliveries,
                total: sent.total,
                approvals: sent.approvalsRequired,
              })
            : t("sentStatus", { count: sent.deliveries, total: sent.total })}{" "}
          <Link className="font-medium underline" href={sent.href}>
            {t("viewRequest")}
          </Link>
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <ChoiceSelect label={t("channel")} choices={channels} value={channelId} onChange={setChannelId} />
        <TextInput
          label={t("description")}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">{t("source")}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="source" checked={source === "csv"} onChange={() => setSource("csv")} />{" "}
          {t("sourceCsv")}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="source" checked={source === "rows"} onChange={() => setSource("rows")} />{" "}
          {t("sourceRows")}
        </label>
      </fieldset>
      <ValuePurposes columns={columns} />
      {source === "csv" ? (
        <Field
          label={t("csvFile")}
          htmlFor="csv-file"
          error={fileTooLarge ? CSV_TOO_LARGE : undefined}
          hint={<CsvHint columns={columns} />}
        >
          <input
            ref={fileInput}
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            className="block text-sm"
            onChange={(e) => setFile(e.target.files?.[0])}
          />
        </Field>
      ) : (
        <DeliveryRows rows={rows} columns={columns} errors={rowErrors(problems)} onChange={setRows} />
      )}
      <Button type="submit" pending={reviewing.pending}>
        {t("submit")}
      </Button>
      {problems.length > 0 &&
        (source === "csv" ? (
          <ProblemReport problems={problems} />
        ) : (
          <p role="alert" className="text-sm text-red-800">
            {t("fieldProblems", { count: problems.length })}
          </p>
        ))}
      <SendConfirmation
        key={confirming?.seq ?? 0}
        preview={confirming?.preview ?? null}
        pending={sending.pending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </form>
  );
}

/**
 * What each value the channel asks for is for, as its provider states it (issue 36, item 5): the
 * person sending sees why each value is needed before giving it.
 */
function ValuePurposes({ columns }: { columns: OptionColumn[] }) {
  const t = useTranslations("programs.send");
  if (columns.length === 0) return null;
  return (
    <div className="text-sm text-slate-700">
      <p className="font-medium">{t("purposes.title")}</p>
      <ul className="list-disc ps-5">
        {columns.map((column) => (
          <li key={column.name}>
            <ProviderText>{column.label}</ProviderText>:{" "}
            {column.purpose ? <ProviderText>{column.purpose}</ProviderText> : t("purposes.notStated")}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The CSV header (API field names, never translated) and the provider's label of each option. */
function CsvHint({ columns }: { columns: OptionColumn[] }) {
  const t = useTranslations("programs.send");
  return (
    <>
      {t.rich("csvHeader", {
        columns: ["beneficiaryId", "amount", ...columns.map((c) => c.name)].join(","),
        code: (chunks) => <code className="font-mono">{chunks}</code>,
      })}
      {columns.length > 0 && ` (${columns.map((c) => `${c.name}: ${c.label}`).join("; ")})`}
    </>
  );
}
