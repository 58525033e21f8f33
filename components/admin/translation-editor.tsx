"use client";
/** An administrator enters or corrects one translation by hand; machines never overwrite it. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SelectInput, TextArea } from "@/components/ui/field";
import { type TranslationInput, translationInputSchema } from "@/lib/contract/forms/translations";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function TranslationEditor({
  channelId,
  languages,
  save,
}: {
  channelId: string;
  languages: string[];
  save: Action;
}) {
  const form = useForm<TranslationInput>({
    resolver: zodResolver(translationInputSchema),
    defaultValues: { channelId, field: "name", language: languages[0] ?? "FR", text: "" },
  });
  const { pending, run } = useAction(save, {
    form,
    success: "Translation saved.",
    onSuccess: () => form.setValue("text", ""),
    failure: (result) => result.fieldErrors?.text ?? result.error,
  });
  return (
    <form className="space-y-2" noValidate onSubmit={form.handleSubmit(run)}>
      <div className="grid grid-cols-2 gap-2">
        <SelectInput label="Field" {...form.register("field")}>
          <option value="name">Name</option>
          <option value="shortDescription">Short description</option>
        </SelectInput>
        <SelectInput label="Language" {...form.register("language")}>
          {languages.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </SelectInput>
      </div>
      <TextArea
        label="Translation"
        rows={2}
        error={form.formState.errors.text?.message}
        {...form.register("text")}
      />
      <Button type="submit" variant="secondary" pending={pending}>
        Save translation
      </Button>
    </form>
  );
}
