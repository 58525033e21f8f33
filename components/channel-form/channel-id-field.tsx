"use client";
/**
 * The channel id, the provider's own id for the channel. On a new channel "Generate" fills a random
 * UUID (what the contract recommends), so a provider without ids of its own need not invent one.
 */
import { useTranslations } from "next-intl";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { newUuid } from "@/lib/portal/new-uuid";
import { RequiredMark } from "./error-summary";

export function ChannelIdField({
  registration,
  readOnly,
  error,
  onGenerate,
}: {
  registration: UseFormRegisterReturn<"providerDeliveryChannelId">;
  readOnly: boolean;
  error?: string;
  onGenerate: (id: string) => void;
}) {
  const t = useTranslations("channelForm");
  const id = useId();
  return (
    <Field
      label={
        <>
          {t("channelId.label")}
          <RequiredMark />
        </>
      }
      error={error}
      hint={t("channelId.hint")}
      htmlFor={id}
    >
      <div className="flex gap-2">
        <input
          id={id}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          readOnly={readOnly}
          className={`${inputClass} min-w-0`}
          {...registration}
        />
        {!readOnly && (
          <Button variant="secondary" onClick={() => onGenerate(newUuid())}>
            {t("channelId.generate")}
          </Button>
        )}
      </div>
    </Field>
  );
}
