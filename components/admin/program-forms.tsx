"use client";
/**
 * The program pages' forms: create a program, attach a channel. Sending deliveries is
 * delivery-request-form.tsx; refunds refund-dialog.tsx.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
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
