"use client";
/** An administrator enters or corrects one translation by hand; machines never overwrite it. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SelectInput, TextArea } from "@/components/ui/field";
import { type TranslationInput, translationInputSchema } from "@/lib/contract/forms/translation-forms";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function TranslationEditor({
  channelId,
  languages,
  save,
}: {
  channelId: string;
  /** Each language's code and its name in the reader's language (named on the server: see NamedTranslationEditor). */
  languages: Array<{ code: string; name: string }>;
  save: Action;
}) {
  const t = useTranslations("adminChannels.editor");
  const form = useForm<TranslationInput>({
    resolver: zodResolver(translationInputSchema),
    defaultValues: { channelId, field: "name", language: languages[0]?.code ?? "FR", text: "" },
  });
  const { pending, run } = useAction(save, {
    form,
    success: t("saved"),
    onSuccess: () => form.setValue("text", ""),
    failure: (result) => result.fieldErrors?.text ?? result.error,
  });
  return (
    <form className="space-y-2" noValidate onSubmit={form.handleSubmit(run)}>
      <div className="grid grid-cols-2 gap-2">
        <SelectInput label={t("field")} {...form.register("field")}>
          <option value="name">{t("name")}</option>
          <option value="shortDescription">{t("shortDescription")}</option>
        </SelectInput>
        <SelectInput label={t("language")} {...form.register("language")}>
          {languages.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectInput>
      </div>
      <TextArea
        label={t("translation")}
        rows={2}
        error={form.formState.errors.text?.message}
        {...form.register("text")}
      />
      <Button type="submit" variant="secondary" pending={pending}>
        {t("save")}
      </Button>
    </form>
  );
}
