"use client";
/** The program pages' forms: create a program, attach a channel, send deliveries from a CSV, refund. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import type { RowProblem } from "@/lib/domain/delivery-csv";
import { CSV_TOO_LARGE, MAX_CSV_BYTES } from "@/lib/domain/delivery-limits";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { Field, TextInput, inputClass } from "@/components/ui/field";
import { callAction } from "@/lib/portal/call-action";

const programForm = z.object({
  name: z.string().trim().min(1, "Enter a name").max(200, "at most 200 characters"),
  description: z.string().max(2000, "at most 2000 characters"),
  unit: z.string().min(1, "Choose a currency or a commodity"),
  virtualBudget: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, "Enter an amount with at most two decimals")
    .refine((value) => Number(value) > 0, "must be more than 0"),
});

export function CreateProgramForm({
  units,
  create,
}: {
  units: string[];
  create: (input: unknown) => Promise<ActionResult<{ id: string }>>;
}) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof programForm>>({
    resolver: zodResolver(programForm),
    defaultValues: { name: "", description: "", unit: "EUR", virtualBudget: "" },
  });
  return (
    <form
      noValidate
      className="grid gap-3 md:grid-cols-2"
      onSubmit={handleSubmit(async (values) => {
        const result = await callAction(() =>
          create({ ...values, virtualBudget: Number(values.virtualBudget) }),
        );
        if (!result.ok) return void toast.error(result.error);
        toast.success("Program created.");
        router.push(`/admin/programs/${result.data.id}`);
      })}
    >
      <TextInput label="Program name" error={errors.name?.message} {...register("name")} />
      <Field label="Currency or commodity" htmlFor="program-unit" error={errors.unit?.message}>
        <select id="program-unit" className={inputClass} {...register("unit")}>
          {units.map((unit) => (
            <option key={unit}>{unit}</option>
          ))}
        </select>
      </Field>
      <TextInput
        label="Program Virtual Budget"
        inputMode="decimal"
        error={errors.virtualBudget?.message}
        {...register("virtualBudget")}
      />
      <TextInput label="Description" error={errors.description?.message} {...register("description")} />
      <div className="md:col-span-2">
        <Button type="submit" pending={isSubmitting}>
          Create program
        </Button>
      </div>
    </form>
  );
}

export function AddChannelForm({
  programId,
  candidates,
  add,
}: {
  programId: string;
  candidates: Array<{ id: string; label: string }>;
  add: (programId: string, channelId: string) => Promise<ActionResult<undefined>>;
}) {
  const router = useRouter();
  const [chosen, setChannelId] = useState("");
  // The list changes as channels are added: fall back to its first entry when the choice is gone.
  const channelId = candidates.some((candidate) => candidate.id === chosen)
    ? chosen
    : (candidates[0]?.id ?? "");
  const [pending, startTransition] = useTransition();
  if (candidates.length === 0)
    return <p className="text-sm text-slate-600">No other approved channel to add.</p>;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await callAction(() => add(programId, channelId));
          if (!result.ok) return void toast.error(result.error);
          toast.success("The channel now serves this program.");
          router.refresh();
        });
      }}
    >
      <Field label="Approved channel" htmlFor="add-channel">
        <select
          id="add-channel"
          className={inputClass}
          value={channelId}
          onChange={(e) => setChannelId(e.target.value)}
        >
          {candidates.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label}
            </option>
          ))}
        </select>
      </Field>
      <Button type="submit" variant="secondary" pending={pending}>
        Add channel
      </Button>
    </form>
  );
}

type SendResult = { deliveryRequestId: string; deliveries: number } | { problems: RowProblem[] };
type SendAction = (input: unknown) => Promise<ActionResult<SendResult>>;
interface DeliveryRow {
  key: number;
  beneficiaryId: string;
  amount: string;
  options: Record<string, string>;
}

/**
 * Sends a delivery request to one of the program's channels, with deliveries from a CSV file or
 * entered row by row. Any bad row sends nothing; every row's problems are listed.
 */
export function DeliveryRequestForm({
  programId,
  channels,
  sendCsv,
  sendRows,
}: {
  programId: string;
  channels: Array<{ id: string; label: string; columns: string[] }>;
  sendCsv: SendAction;
  sendRows: SendAction;
}) {
  const router = useRouter();
  const [chosen, setChannelId] = useState("");
  // The list changes as channels are added: fall back to its first entry when the choice is gone.
  const channelId = channels.some((channel) => channel.id === chosen) ? chosen : (channels[0]?.id ?? "");
  const [description, setDescription] = useState("");
  const [source, setSource] = useState<"csv" | "rows">("csv");
  const [file, setFile] = useState<File>();
  const [rows, setRows] = useState<DeliveryRow[]>([{ key: 1, beneficiaryId: "", amount: "", options: {} }]);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [pending, startTransition] = useTransition();
  const columns = channels.find((channel) => channel.id === channelId)?.columns ?? [];
  if (channels.length === 0)
    return <p className="text-sm text-slate-600">Add an approved, ONLINE channel to the program first.</p>;

  const setRow = (key: number, change: Partial<DeliveryRow>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const fileTooLarge = source === "csv" && file !== undefined && file.size > MAX_CSV_BYTES;
  const send = async () => {
    const common = { programId, channelId, description };
    return source === "csv"
      ? sendCsv({ ...common, csv: file ? await file.text() : "" })
      : sendRows({ ...common, deliveries: rows.map(({ key: _key, ...row }) => row) });
  };
  const submit = () =>
    startTransition(async () => {
      if (fileTooLarge) return void toast.error(CSV_TOO_LARGE);
      const result = await callAction(send);
      if (!result.ok)
        return void toast.error(
          result.fieldErrors ? Object.values(result.fieldErrors).join(" ") : result.error,
        );
      if ("problems" in result.data) {
        setProblems(result.data.problems);
        toast.error(`${result.data.problems.length} problem(s); nothing was sent.`);
        return;
      }
      setProblems([]);
      toast.success(`Delivery request sent with ${result.data.deliveries} deliveries.`);
      router.refresh();
    });

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Channel" htmlFor="csv-channel">
          <select
            id="csv-channel"
            className={inputClass}
            value={channelId}
            onChange={(e) => setChannelId(e.target.value)}
          >
            {channels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {channel.label}
              </option>
            ))}
          </select>
        </Field>
        <TextInput label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Deliveries from</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="source" checked={source === "csv"} onChange={() => setSource("csv")} />{" "}
          Upload a CSV file
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="source" checked={source === "rows"} onChange={() => setSource("rows")} />{" "}
          Enter deliveries
        </label>
      </fieldset>
      {source === "csv" ? (
        <Field
          label="Deliveries (CSV file)"
          htmlFor="csv-file"
          error={fileTooLarge ? CSV_TOO_LARGE : undefined}
          hint={
            <>
              Header: <code className="font-mono">{["beneficiaryId", "amount", ...columns].join(",")}</code>
            </>
          }
        >
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            className="block text-sm"
            onChange={(e) => setFile(e.target.files?.[0])}
          />
        </Field>
      ) : (
        <div className="space-y-2">
          {rows.map((row, index) => (
            <fieldset
              key={row.key}
              className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-4"
            >
              <legend className="px-1 text-xs text-slate-600">Delivery {index + 1}</legend>
              <TextInput
                label="Beneficiary id"
                value={row.beneficiaryId}
                onChange={(e) => setRow(row.key, { beneficiaryId: e.target.value })}
              />
              <TextInput
                label="Amount"
                inputMode="decimal"
                value={row.amount}
                onChange={(e) => setRow(row.key, { amount: e.target.value })}
              />
              {columns.map((column) => (
                <TextInput
                  key={column}
                  label={column}
                  value={row.options[column] ?? ""}
                  onChange={(e) => setRow(row.key, { options: { ...row.options, [column]: e.target.value } })}
                />
              ))}
              {rows.length > 1 && (
                <Button
                  variant="ghost"
                  aria-label={`Remove delivery ${index + 1}`}
                  onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                >
                  Remove
                </Button>
              )}
            </fieldset>
          ))}
          <Button
            variant="secondary"
            onClick={() =>
              setRows([
                ...rows,
                { key: Math.max(...rows.map((r) => r.key)) + 1, beneficiaryId: "", amount: "", options: {} },
              ])
            }
          >
            Add delivery
          </Button>
        </div>
      )}
      <Button type="submit" pending={pending}>
        Send delivery request
      </Button>
      {problems.length > 0 && (
        <ProblemReport problems={problems} unit={source === "csv" ? "Line" : "Delivery"} />
      )}
    </form>
  );
}

function ProblemReport({ problems, unit }: { problems: RowProblem[]; unit: string }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-900">Nothing was sent. Fix these and send again:</p>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">Problems per delivery</caption>
        <thead className="text-xs text-red-900 uppercase">
          <tr>
            <th scope="col">{unit}</th>
            <th scope="col">Field</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem) => (
            <tr key={`${problem.line}-${problem.field}`}>
              <td>{problem.line}</td>
              <td className="font-mono">{problem.field}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RefundButton({
  programId,
  deliveryId,
  refund,
}: {
  programId: string;
  deliveryId: string;
  refund: (programId: string, deliveryId: string) => Promise<ActionResult<undefined>>;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="ghost"
      pending={pending}
      aria-label={`Request a refund of delivery ${deliveryId}`}
      onClick={() =>
        startTransition(async () => {
          const result = await callAction(() => refund(programId, deliveryId));
          if (!result.ok) return void toast.error(result.error);
          toast.success("Refund requested from the provider.");
          router.refresh();
        })
      }
    >
      Request refund
    </Button>
  );
}
